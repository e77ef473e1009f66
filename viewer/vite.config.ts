// Vite build of the viewer. base '/' with absolute asset URLs, because the same index.html is served at
// `/` and at every place or parcel path (/us/ma/middlesex/cambridge/123). Dev mode proxies the API.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env.PARCEL_API ?? 'http://localhost:8080';
const proxied = ['/api', '/at_point.json', '/parcels_at_point.json', '/search.json', '^/.*\\.json$'];

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 3000 },
  server: { proxy: Object.fromEntries(proxied.map((p) => [p, { target: api, changeOrigin: true }])) },
});
