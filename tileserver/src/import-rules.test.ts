import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { brokenRule, findViolations, resolveSpecifier } from '../bin/check-imports.mjs';

const ruleFor = (file: string, specifier: string) => brokenRule(file, resolveSpecifier(file, specifier));

describe('the import rules', () => {
  it('hold over the whole source tree, with no exception allowed', () => {
    const { violations, stale } = findViolations();
    expect(violations.map((v) => `${v.file}:${v.line} ${v.specifier}: ${v.rule}`)).toEqual([]);
    expect(stale).toEqual([]);
  });

  it.each([
    ['tileserver/src/tiles/routes.ts', '../features/map/sources/queries.ts', 'below the features'],
    ['tileserver/src/db/client.ts', '@parcel-map/tileserver/features/people/accounts/service', 'below the features'],
    ['tileserver/src/features/map/places/routes.ts', '../../people/groups/queries.ts', "another feature's queries.ts"],
    ['contracts/src/people/accounts.ts', '@parcel-map/tileserver/errors', 'contracts/ imports only zod'],
    ['contracts/src/people/accounts.ts', 'hono', 'contracts/ imports only zod'],
    ['tileserver/src/main.ts', '@parcel-map/fixtures/synth/generate', 'never imports fixtures or bench'],
    [
      'tileserver/src/features/map/insights/routes.test.ts',
      '@parcel-map/bench/stats',
      'never imports fixtures or bench',
    ],
    ['viewer/src/state/session.ts', '../features/accounts/api.ts', 'state/ never imports features/'],
    ['viewer/src/state/session.ts', '../shell/help/help.tsx', 'state/ never imports shell/'],
    ['viewer/src/model/colors.ts', '../state/session.ts', 'model/ imports only'],
    ['viewer/src/model/colors.ts', 'jotai', 'model/ imports only'],
    ['viewer/src/map/map-view.tsx', '../pages/page-routes.tsx', 'map/ never imports pages/'],
    ['viewer/src/features/search/search-box.tsx', '../insights/atoms.ts', "another feature's atoms.ts"],
    [
      'viewer/src/features/search/search-box.tsx',
      '@parcel-map/tileserver/errors',
      'never imports @parcel-map/tileserver',
    ],
    [
      'viewer/src/features/search/search-box.tsx',
      '../../../../contracts/src/levels.ts',
      'relative path out of viewer/',
    ],
  ])('%s importing %s breaks "%s"', (file, specifier, rule) => {
    expect(ruleFor(file, specifier)).toContain(rule);
  });

  it.each([
    ['tileserver/src/app.ts', './features/map/parcels/routes.ts'],
    ['tileserver/src/jobs/workers.ts', '../features/commerce/exports/export-job.ts'],
    ['tileserver/src/cli/admin.ts', '../features/people/admin/create-admin.ts'],
    ['tileserver/src/features/map/places/routes.ts', './queries.ts'],
    ['tileserver/src/features/map/places/routes.ts', '../../people/groups/policy.ts'],
    ['tileserver/src/http/csv.test.ts', '../features/workspace/follows/csv.ts'],
    ['contracts/src/people/accounts.ts', 'zod'],
    ['contracts/src/people/accounts.ts', '../bounded-string.ts'],
    ['contracts/src/people/accounts.test.ts', 'vitest'],
    ['viewer/src/model/colors.ts', '@parcel-map/contracts/levels'],
    ['viewer/src/model/preferences.ts', '../api/client.ts'],
    ['viewer/src/features/search/search-box.tsx', './atoms.ts'],
    ['viewer/src/shell/controls/side-nav.tsx', '../../features/insights/atoms.ts'],
    ['viewer/e2e/harness.ts', '@parcel-map/tileserver/app'],
  ])('%s may import %s', (file, specifier) => {
    expect(ruleFor(file, specifier)).toBeUndefined();
  });

  describe('on a tree of their own', () => {
    let root = '';
    afterEach(() => rmSync(root, { recursive: true, force: true }));
    const write = (file: string, text: string) => {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), text);
    };

    it('name the file, the line and the import that break them, and an allowlist entry that matches nothing', () => {
      root = mkdtempSync(join(tmpdir(), 'import-rules-'));
      write(
        'tileserver/src/auth/caller.ts',
        "// Callers.\nimport { x } from 'zod';\nimport type { Y } from '../features/map/parcels/entity.ts';\n",
      );
      write('tileserver/src/features/map/parcels/entity.ts', '// Parcels.\nexport type Y = 1;\n');
      const { violations, stale } = findViolations({
        root,
        allowed: [{ from: 'viewer/src/', to: 'tileserver/src/errors.ts', reason: 'gone' }],
      });
      expect(violations).toEqual([
        {
          file: 'tileserver/src/auth/caller.ts',
          line: 3,
          specifier: '../features/map/parcels/entity.ts',
          rule: 'auth is below the features and never imports features/',
        },
      ]);
      expect(stale).toHaveLength(1);
    });

    it('refuse a source file over 400 lines but not a test of that length', () => {
      root = mkdtempSync(join(tmpdir(), 'import-rules-'));
      const long = `// Long.\n${'export const a = 1;\n'.repeat(400)}`;
      write('tileserver/src/long.ts', long);
      write('tileserver/src/long.test.ts', long);
      write('viewer/src/short.ts', '// Short.\nexport const b = 2;\n');
      expect(findViolations({ root }).violations).toEqual([
        {
          file: 'tileserver/src/long.ts',
          line: 401,
          specifier: '',
          rule: '401 lines: no source file over 400 lines (tests excepted)',
        },
      ]);
    });
  });
});
