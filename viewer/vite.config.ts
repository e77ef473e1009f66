// Vite build of the viewer. base '/' with absolute asset URLs, because the same index.html is served at
// `/` and at every place or parcel path (/us/ma/middlesex/cambridge/123). Dev mode proxies the API.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';
import { preloadWorker } from './build/preload-worker.ts';

const api = process.env.PARCEL_API ?? 'http://localhost:8080';
const proxied = ['/api', '/at_point.json', '/parcels_at_point.json', '/search.json', '^/.*\\.json$'];

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [react(), preloadWorker(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 3000,
    // zod and its jitless setting share one chunk, so the setting runs as soon as zod does: with zod in a
    // chunk of shared schemas, that chunk's modules parsed before main's first import set it, and zod's
    // eval probe broke the page's CSP.
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]|zod-jitless\.ts$/ }] } },
    },
  },
  server: { proxy: Object.fromEntries(proxied.map((p) => [p, { target: api, changeOrigin: true }])) },
});
