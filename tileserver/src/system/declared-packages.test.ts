// The declared-packages check (bin/check-packages.mjs) on small made-up repositories: it names every
// import of a package the importing workspace does not declare, and every devDependency used outside tests.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkPackages, importedPackages, packageOf } from '../../bin/check-packages.mjs';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

const quoted = (specifier: string) => `'${specifier}'`;
const from = (statement: string, specifier: string) => `${statement} ${quoted(specifier)};`;

/** A repository with a root package, workspaces `a` and `b`, and the given files (path -> content). */
function repository(manifests: Record<string, object>, files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'packages-test-'));
  roots.push(root);
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('package.json', JSON.stringify({ name: 'root', workspaces: ['a', 'b'], devDependencies: { vitest: '1' } }));
  for (const [folder, manifest] of Object.entries(manifests)) write(`${folder}/package.json`, JSON.stringify(manifest));
  for (const [path, text] of Object.entries(files)) write(path, text);
  return root;
}

describe('the declared-packages check', () => {
  it('reads the package of static, dynamic, re-export, side-effect and require imports, and skips relative, built-in and commented ones', () => {
    // Written through `from` so that the check of this repository does not read them as this file's imports.
    const source = [
      from('import { z } from', 'zod'),
      from('import type { Feature } from', 'geojson'),
      from('export { a } from', '@scope/pkg/deep/path'),
      from('import', 'side-effect'),
      `const later = await import(${quoted('lazy')});`,
      `const old = require(${quoted('required')});`,
      from('import { x } from', './local.ts'),
      from('import { readFileSync } from', 'node:fs'),
      from('import { join } from', 'path'),
      `// ${from('import { gone } from', 'commented')}`,
      "const words = ['from', 'to'];",
    ].join('\n');
    expect([...importedPackages(source)].sort()).toEqual([
      '@scope/pkg',
      'geojson',
      'lazy',
      'required',
      'side-effect',
      'zod',
    ]);
    expect(packageOf('@parcel-map/tileserver/db/client')).toBe('@parcel-map/tileserver');
    expect(packageOf('node:crypto')).toBeUndefined();
  });

  it('passes a repository whose workspaces declare what they import', () => {
    const root = repository(
      {
        a: { name: '@x/a', dependencies: { zod: '1' }, devDependencies: { vitest: '1', '@types/geojson': '1' } },
        b: { name: '@x/b', dependencies: { '@x/a': '*' } },
      },
      {
        'vitest.config.ts': from('import { defineConfig } from', 'vitest/config'),
        'a/src/schema.ts': [
          from('import { z } from', 'zod'),
          from('import type { Point } from', 'geojson'),
          from('import { own } from', '@x/a/own'),
        ].join('\\n'),
        'a/src/schema.test.ts': from('import { it } from', 'vitest'),
        'a/src/testing/helper.ts': from('import { expect } from', 'vitest'),
        'b/src/main.ts': from('import { schema } from', '@x/a/schema'),
      },
    );
    expect(checkPackages(root)).toEqual([]);
  });

  it('names each import of a package the workspace leaves out, even when another workspace declares it', () => {
    const root = repository(
      { a: { name: '@x/a', dependencies: { zod: '1' } }, b: { name: '@x/b' } },
      {
        'a/src/schema.ts': from('import { z } from', 'zod'),
        'b/src/view.ts': [from('import { z } from', 'zod'), from('import { schema } from', '@x/a/schema')].join('\\n'),
      },
    );
    expect(checkPackages(root)).toEqual([
      'b/src/view.ts imports zod, which b/package.json does not declare',
      'b/src/view.ts imports @x/a, which b/package.json does not declare',
    ]);
  });

  it('accepts devDependencies in tests and in helpers only tests import, and refuses them in product code', () => {
    const root = repository(
      { a: { name: '@x/a', devDependencies: { 'fast-check': '1', vitest: '1' } }, b: { name: '@x/b' } },
      {
        'a/src/fuzz/cases.ts': from('import fc from', 'fast-check'),
        'a/src/fuzz/fuzz.test.ts': [
          from('import { it } from', 'vitest'),
          from('import { cases } from', './cases.ts'),
        ].join('\\n'),
        'a/src/main.ts': from('import fc from', 'fast-check'),
      },
    );
    expect(checkPackages(root)).toEqual([
      'a/src/main.ts imports fast-check, which a/package.json declares only in devDependencies',
    ]);
  });
});
