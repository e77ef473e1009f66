// Test helpers for tiles: slippy-map maths and MVT decoding with @mapbox/vector-tile.
import { gunzipSync, zstdDecompressSync } from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';

export function lonLatToTile(lon: number, lat: number, z: number): { z: number; x: number; y: number } {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  const x = Math.floor(((lon + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return { z, x, y };
}

export interface DecodedFeature {
  id: number;
  properties: Record<string, unknown>;
}

export async function decodeTile(res: Response, layer: string): Promise<DecodedFeature[]> {
  let bytes = Buffer.from(await res.arrayBuffer());
  if (res.headers.get('content-encoding') === 'gzip') bytes = gunzipSync(bytes);
  if (res.headers.get('content-encoding') === 'zstd') bytes = zstdDecompressSync(bytes);
  const tile = new VectorTile(new PbfReader(bytes));
  const found = tile.layers[layer];
  if (!found) return [];
  return Array.from({ length: found.length }, (_, i) => {
    const feature = found.feature(i);
    return { id: Number(feature.id), properties: { ...feature.properties } };
  });
}
