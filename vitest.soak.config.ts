// npm run test:soak: the long variants of the reliability suite (100,000 fuzz cases over the route
// families). Same global setup as npm test; its last figures go into the README's reliability table.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['tileserver/src/testing/global-setup.ts'],
    env: {
      LOOKUP_LIMIT_ANON: '1000000',
      LOOKUP_LIMIT_FREE: '1000000',
      FUZZ_CASES_PER_FAMILY: '12500',
      FUZZ_SEED: 'random',
    },
    include: ['tileserver/src/reliability/fuzz.test.ts', 'tileserver/src/reliability/*.soak.ts'],
    testTimeout: 3_600_000,
    hookTimeout: 180_000,
    environment: 'node',
  },
});
