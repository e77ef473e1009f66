// Starts the download of maplibre's worker from index.html, beside the entry, instead of after the entry
// has been fetched, parsed and has called prewarm(): the worker is on the path to the first parcels
// (it parses every tile). A preload is not handed to a worker as such, but the asset is immutable and
// cacheable, so the worker's own request is answered from the HTTP cache.
import type { Plugin } from 'vite';

export function preloadWorker(): Plugin {
  return {
    name: 'parcel-map:preload-worker',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const worker = Object.keys(context.bundle ?? {}).find((name) => /maplibre-gl-worker-[^/]+\.js$/.test(name));
        if (!worker) throw new Error('preload-worker: the maplibre worker is not in the bundle');
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${worker}`, as: 'script', crossorigin: '' },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
