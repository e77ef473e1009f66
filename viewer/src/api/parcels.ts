// The parcel record ({parcel path}.json) and the parcels at a point (Other Records at Location).
import { getJson } from './client.ts';
import type { ParcelAtPoint, ParcelEntity } from '@parcel-map/contracts/map/parcels';

export function getParcel(path: string, signal?: AbortSignal): Promise<ParcelEntity> {
  return getJson<ParcelEntity>(`${path}.json`, {}, signal);
}

export async function getParcelsAtPoint(lon: number, lat: number, signal?: AbortSignal): Promise<ParcelAtPoint[]> {
  const body = await getJson<{ parcels: ParcelAtPoint[] }>(
    '/parcels_at_point.json',
    { lat: lat.toFixed(7), lon: lon.toFixed(7) },
    signal,
  );
  return body.parcels ?? [];
}
