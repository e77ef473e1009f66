#!/usr/bin/env node
// The import rules of ARCHITECTURE.md, checked over the source tree: which layer may import which, no
// feature reaching into another's queries.ts or atoms.ts, no package reaching where it must not, and no
// source file over 400 lines. `npm run check` runs it and tileserver/src/import-rules.test.ts runs it in
// `npm test`. Plain JavaScript over TypeScript's own import scanner, so it needs no build step.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Where source files live; each folder is walked, skipping node_modules, dist and dot folders. */
export const sourceRoots = [
  'contracts/src',
  'tileserver/src',
  'tileserver/bin',
  'fixtures/src',
  'bench/src',
  'viewer/src',
  'viewer/e2e',
];
const sourceFile = /\.(ts|tsx|mts|mjs|js)$/;

/** Files that a program writes: exempt from the size limit. */
export const generatedFiles = [];
export const maxLines = 400;

/** Server modules below the features (a folder or a file without `.ts`); they never import `features/`. */
export const serverLowerLayers = [
  'config',
  'errors',
  'logger',
  'clock',
  'paths',
  'db',
  'auth',
  'http',
  'payments',
  'metering',
  'mail',
  'system',
  'tiles',
  'jobs',
];
/** Entry points inside the lower layers that assemble features and so may import them. */
export const serverEntryPoints = ['tileserver/src/jobs/workers.ts'];

/**
 * Imports allowed to break a rule: an importing file (or a folder, ending in `/`), one imported file (repo path)
 * or package name, and the reason. Empty: every rule holds over the whole tree. An entry that matches nothing
 * any more is reported.
 */
export const allowlist = [];

const packages = {
  '@parcel-map/contracts': 'contracts/src',
  '@parcel-map/tileserver': 'tileserver/src',
  '@parcel-map/fixtures': 'fixtures/src',
  '@parcel-map/bench': 'bench/src',
  '@parcel-map/viewer': 'viewer/src',
};

/** Every source file under the roots, as repo paths with forward slashes. */
export function listSourceFiles(root = repoRoot) {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules' || entry.name === 'dist') continue;
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (sourceFile.test(entry.name)) files.push(path);
    }
  };
  for (const dir of sourceRoots) if (existsSync(join(root, dir))) walk(dir);
  return files.sort();
}

export function isTestFile(file) {
  return /\.(test|soak)\.tsx?$/.test(file) || file.startsWith('viewer/e2e/') || /\.d\.m?ts$/.test(file);
}

/**
 * Where an import specifier points: `{ path, relative }` for a file of this repository (with its extension when
 * the specifier names a package path without one), `{ pkg }` for anything else (`zod`, `node:fs`, `react-dom/client`).
 */
export function resolveSpecifier(file, specifier) {
  if (specifier.startsWith('.'))
    return { path: posix.normalize(posix.join(posix.dirname(file), specifier)), relative: true };
  for (const [name, dir] of Object.entries(packages)) {
    if (specifier === name) return { path: `${dir}/index.ts` };
    if (specifier.startsWith(`${name}/`)) {
      const rest = specifier.slice(name.length + 1);
      return { path: `${dir}/${/\.[a-z]+$/.test(rest) ? rest : `${rest}.ts`}` };
    }
  }
  const parts = specifier.split('/');
  return { pkg: specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0] };
}

const under = (path, dir) => path === dir || path.startsWith(`${dir}/`);
const serverFeature = (path) => path.match(/^tileserver\/src\/features\/([^/]+(?:\/[^/]+)?)/)?.[1];
const viewerLayer = (path) => path.match(/^viewer\/src\/([^/]+)\//)?.[1];
const viewerFeature = (path) => path.match(/^viewer\/src\/features\/([^/]+)\//)?.[1];

/**
 * The rule an import breaks, as a sentence, or undefined when it breaks none. Tests may import any module of
 * their own package (they set up state through whatever they need); the rules between packages hold for them too.
 */
export function brokenRule(file, target) {
  const { path, pkg } = target;
  const test = isTestFile(file);
  const testTool = (name) => test && (name === 'vitest' || name.startsWith('node:'));

  if (under(file, 'contracts') && (path ? !under(path, 'contracts') : pkg !== 'zod' && !testTool(pkg))) {
    return 'contracts/ imports only zod and itself';
  }
  if (under(file, 'tileserver') && path && (under(path, 'fixtures') || under(path, 'bench'))) {
    return 'tileserver never imports fixtures or bench';
  }
  if (under(file, 'viewer/src')) {
    if (target.relative && !under(path, 'viewer')) return 'viewer/src never imports a relative path out of viewer/';
    if (path && under(path, 'tileserver')) return 'viewer/src never imports @parcel-map/tileserver';
  }
  if (test) return undefined;

  if (under(file, 'tileserver/src') && path) {
    const layer = file.slice('tileserver/src/'.length).split('/')[0].replace(/\.ts$/, '');
    if (
      serverLowerLayers.includes(layer) &&
      !serverEntryPoints.includes(file) &&
      under(path, 'tileserver/src/features')
    ) {
      return `${layer} is below the features and never imports features/`;
    }
    const from = serverFeature(file);
    const to = serverFeature(path);
    if (from && to && from !== to && posix.basename(path) === 'queries.ts') {
      return "a feature never imports another feature's queries.ts (call its service instead)";
    }
  }

  if (under(file, 'viewer/src')) {
    const from = viewerLayer(file);
    const to = path && viewerLayer(path);
    if (from === 'state' && ['features', 'map', 'shell', 'pages'].includes(to)) return `state/ never imports ${to}/`;
    if (from === 'map' && ['features', 'pages'].includes(to)) return `map/ never imports ${to}/`;
    // zod: the model validates what it reads back from storage with the contracts' schemas.
    if (
      from === 'model' &&
      pkg !== 'zod' &&
      !(path && (['model', 'api'].includes(to) || under(path, 'contracts/src')))
    ) {
      return 'model/ imports only model/, api/, contracts and zod';
    }
    const feature = viewerFeature(file);
    const other = path && viewerFeature(path);
    if (feature && other && feature !== other && posix.basename(path) === 'atoms.ts') {
      return "a viewer feature never imports another feature's atoms.ts (shared state goes to state/)";
    }
  }
  return undefined;
}

let scanner;
function importsOf(text) {
  scanner ??= createRequire(join(repoRoot, 'package.json'))('typescript');
  const lineStarts = scanner.computeLineStarts(text);
  return scanner.preProcessFile(text, true, true).importedFiles.map((f) => ({
    specifier: f.fileName,
    line: scanner.computeLineAndCharacterOfPosition(lineStarts, f.pos).line + 1,
  }));
}

/**
 * Every violation in the tree: `{ file, line, specifier, rule }`, plus `stale`, the allowlist entries that
 * matched nothing.
 */
export function findViolations({ root = repoRoot, files = listSourceFiles(root), allowed = allowlist } = {}) {
  const violations = [];
  const used = new Set();
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > maxLines && !isTestFile(file) && !generatedFiles.includes(file)) {
      violations.push({
        file,
        line: lines,
        specifier: '',
        rule: `${lines} lines: no source file over ${maxLines} lines (tests excepted)`,
      });
    }
    for (const { specifier, line } of importsOf(text)) {
      const target = resolveSpecifier(file, specifier);
      const rule = brokenRule(file, target);
      if (!rule) continue;
      const entry = allowed.find(
        (a) =>
          (a.from.endsWith('/') ? file.startsWith(a.from) : a.from === file) && a.to === (target.path ?? target.pkg),
      );
      if (entry) used.add(entry);
      else violations.push({ file, line, specifier, rule });
    }
  }
  return { violations, stale: allowed.filter((a) => !used.has(a)) };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { violations, stale } = findViolations();
  for (const v of violations)
    console.error(`${v.file}:${v.line}${v.specifier ? ` imports '${v.specifier}'` : ''}: ${v.rule}`);
  for (const a of stale)
    console.log(
      `note: allowlist entry ${a.from} -> ${a.to} matches nothing any more; remove it from ${relative(repoRoot, fileURLToPath(import.meta.url))}`,
    );
  if (violations.length > 0) {
    console.error(`${violations.length} import-rule violation(s); the rules are in ARCHITECTURE.md`);
    process.exit(1);
  }
  console.log(`import rules: ${listSourceFiles().length} files, no violation`);
}
