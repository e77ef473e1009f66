// npm run test:cluster: the scale-out configuration (tileserver/src/cluster) started for real and
// tested through nginx. It builds its own primary and replica, so it needs no global setup.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tileserver/src/cluster/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
});
