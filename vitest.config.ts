// npm test: every package's tests against a real PostGIS that the global setup provisions (a separate
// cluster and database, so tests never touch the data of npm start). Browser tests are the e2e project;
// npm test runs it in a vitest run (and database) of its own beside the other projects
// (tileserver/bin/run-tests.mjs), because vitest runs a one-worker project only after every other
// project's files.
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['tileserver/src/testing/global-setup.ts'],
    // Every test file opens parcel records and registers accounts from the same address; the lookup
    // meter's and the sign-up limit's own tests set their limits explicitly.
    env: { LOOKUP_LIMIT_ANON: '1000000', LOOKUP_LIMIT_FREE: '1000000', SIGNUPS_PER_HOUR: '1000000' },
    testTimeout: 60_000,
    hookTimeout: 180_000,
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: [
            'contracts/src/**/*.test.ts',
            'tileserver/src/**/*.test.ts',
            'fixtures/src/**/*.test.ts',
            'bench/src/**/*.test.ts',
          ],
          // Two PostgreSQL clusters, four Node processes and nginx: npm run test:cluster (.ci/run).
          exclude: [...configDefaults.exclude, 'tileserver/src/cluster/**'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: { name: 'viewer', include: ['viewer/src/**/*.test.ts', 'viewer/src/**/*.test.tsx'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['viewer/e2e/**/*.test.ts'],
          environment: 'node',
          // One Chromium at a time: two cores are shared with the server and PostgreSQL.
          fileParallelism: false,
          testTimeout: 120_000,
        },
      },
    ],
  },
});
