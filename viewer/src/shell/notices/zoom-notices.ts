// Which zoom notices apply (spec 2): parcels below zoom 11, owner names and parcel numbers below 17,
// and an additional layer below its minimum zoom.
import type { CatalogueLayer } from '@parcel-map/contracts/map/layers';
import type { FloatingLabels } from '../../state/layers.ts';

export const zoomReminderBelow = 6;
export const zoomReminderKey = 'zoom_in_reminder_dismissed';

export function zoomNotices(
  zoom: number,
  input: { parcelMinZoom: number; labels: FloatingLabels; active: CatalogueLayer[] },
): string[] {
  const notices: string[] = [];
  if (zoom < input.parcelMinZoom) notices.push('Zoom in to see parcels');
  if (input.labels.owner && zoom < 17) notices.push('Zoom in to see owner names');
  if (input.labels.parcelnumb && zoom < 17) notices.push('Zoom in to see parcel numbers');
  for (const layer of input.active)
    if (layer.minzoom !== undefined && zoom < layer.minzoom) notices.push(`Zoom in to see ${layer.name}`);
  return notices;
}
