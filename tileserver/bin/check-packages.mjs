#!/usr/bin/env node
// Every workspace declares the packages its files import: a bare import specifier (static, dynamic,
// re-export or require) in a workspace's source, tests, e2e and configs must name a package in that
// workspace's own package.json, or npm's hoisting hides a missing declaration until the layout changes.
// Files that only tests or build tooling use (tests, e2e, test helpers, vite and vitest configs) may
// import devDependencies; everything else needs dependencies. The root package owns the top-level
// config files. Type-only packages count as declared through their @types package. Plain JavaScript
// with no dependencies, like run.mjs.
// Usage: node tileserver/bin/check-packages.mjs [repo root]; exits 1 and names each problem.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const codeFile = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const skippedFolders = new Set(['node_modules', 'dist', 'build', '.data', '.runtime', '.git', 'coverage']);
const builtins = new Set(builtinModules);

// from 'x' | import 'x' | import('x') | require('x'); the specifier must be a plain string literal.
const specifierPattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)(['"])([^'"\s,]+)\1/g;

/** The package a bare specifier names ('@scope/name/deep' -> '@scope/name'), or undefined for relative, absolute and built-in ones. */
export function packageOf(specifier) {
  if (
    specifier.startsWith('.') ||
    specifier.startsWith('/') ||
    specifier.startsWith('node:') ||
    specifier.includes(':')
  )
    return undefined;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  // Not a package name (a template such as `${spec}` in a test's made-up source): nothing to declare.
  if (builtins.has(name) || !/^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/i.test(name)) return undefined;
  return name;
}

/** Bare packages one file's source imports. */
export function importedPackages(source) {
  // Comments may quote import lines; they do not import anything.
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  const names = new Set();
  for (const match of code.matchAll(specifierPattern)) {
    const name = packageOf(match[2]);
    if (name) names.add(name);
  }
  return names;
}

/** Files named as test or tooling files: tests, e2e, test helpers, vite and vitest configs. */
export function isTestOnly(path) {
  return (
    /(^|\/)(e2e|testing|__tests__)\//.test(path) ||
    /\.(test|spec|soak)\.[cm]?[jt]sx?$/.test(path) ||
    /(^|\/)vitest\.[\w.]*config\.[cm]?[jt]s$/.test(path) ||
    /(^|\/)vite\.config\.[cm]?[jt]s$/.test(path)
  );
}

function walk(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!skippedFolders.has(entry.name)) walk(join(dir, entry.name), out);
    } else if (codeFile.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(join(dir, entry.name));
  }
  return out;
}

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

const relativePattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"\s,]+)\1/g;

/**
 * Files only tests use: named as tests, or imported by nothing but such files (helpers such as fuzz
 * arbitraries beside the code). A file nobody imports is an entry point and counts as product code.
 */
function testOnlyFiles(root, files) {
  const importers = new Map(files.map((file) => [file, new Set()]));
  for (const file of files) {
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(relativePattern)) importers.get(resolve(dirname(file), match[2]))?.add(file);
    for (const match of code.matchAll(specifierPattern)) {
      const deep = /^@parcel-map\/([a-z-]+)\/(.+)$/.exec(match[2]);
      if (deep) for (const ext of ['.ts', '.tsx']) importers.get(join(root, deep[1], 'src', deep[2] + ext))?.add(file);
    }
  }
  const testOnly = new Set(files.filter((file) => isTestOnly(relative(root, file).split('\\').join('/'))));
  for (let grew = true; grew; ) {
    grew = false;
    for (const [file, from] of importers) {
      if (testOnly.has(file) || from.size === 0 || ![...from].every((importer) => testOnly.has(importer))) continue;
      testOnly.add(file);
      grew = true;
    }
  }
  return testOnly;
}

/** Whether a manifest's dependency list covers a package: itself, or its types package for type-only packages. */
const typesName = (name) => `@types/${name.startsWith('@') ? name.slice(1).replace('/', '__') : name}`;

/** Problems of a repository: one line per file that imports an undeclared package, or a devDependency outside tests. */
export function checkPackages(root) {
  const rootManifest = readJson(join(root, 'package.json'));
  const workspaces = (rootManifest.workspaces ?? []).map((folder) => ({
    folder,
    manifest: readJson(join(root, folder, 'package.json')),
  }));
  const packages = [
    // The root package owns the files at the top level (configs), not the workspaces' folders.
    {
      folder: '',
      manifest: rootManifest,
      files: readdirSync(root)
        .filter((name) => codeFile.test(name) && statSync(join(root, name)).isFile())
        .map((name) => join(root, name)),
    },
    ...workspaces.map(({ folder, manifest }) => ({ folder, manifest, files: walk(join(root, folder)) })),
  ];
  const testOnly = testOnlyFiles(
    root,
    packages.flatMap((p) => p.files),
  );
  const problems = [];
  for (const { folder, manifest, files } of packages) {
    const runtime = new Set([
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}),
      ...Object.keys(manifest.optionalDependencies ?? {}),
    ]);
    const dev = new Set(Object.keys(manifest.devDependencies ?? {}));
    const where = folder ? `${folder}/package.json` : 'package.json';
    for (const file of files) {
      const path = relative(root, file).split('\\').join('/');
      for (const name of importedPackages(readFileSync(file, 'utf8'))) {
        if (name === manifest.name || runtime.has(name) || dev.has(typesName(name))) continue;
        if (dev.has(name)) {
          if (!testOnly.has(file))
            problems.push(`${path} imports ${name}, which ${where} declares only in devDependencies`);
          continue;
        }
        problems.push(`${path} imports ${name}, which ${where} does not declare`);
      }
    }
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '../..'));
  const problems = checkPackages(root);
  for (const problem of problems) console.error(problem);
  if (problems.length) {
    console.error(
      `${problems.length} undeclared import(s): declare each package in the package.json of the workspace that imports it (npm install -w <workspace> <package>)`,
    );
    process.exit(1);
  }
  console.log('every workspace declares the packages it imports');
}
