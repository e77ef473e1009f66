// The base layers: a plain background (the street basemap works with no network), and the satellite
// rasters from the configured URL templates (BASEMAP_SATELLITE_URL, BASEMAP_SATELLITE2_URL).
import type { LayerSpecification, SourceSpecification } from 'maplibre-gl';
import type { ViewerConfig } from '../../../api/types.ts';
import type { Basemap } from '../../../state/url.ts';

export const backgroundColor = '#eceee6';

export function backgroundLayer(): LayerSpecification {
  return { id: 'background', type: 'background', paint: { 'background-color': backgroundColor } };
}

export function satelliteUrl(config: ViewerConfig | null, base: Basemap): string | undefined {
  if (base === 'street') return undefined;
  return config?.basemaps?.[base];
}

/** True when the chosen base layer can be drawn: street always, satellite only when configured. */
export function basemapAvailable(config: ViewerConfig | null, base: Basemap): boolean {
  return base === 'street' || Boolean(satelliteUrl(config, base));
}

export function rasterSource(url: string): SourceSpecification {
  return { type: 'raster', tiles: [url], tileSize: 256, maxzoom: 19 };
}

export function rasterLayer(id: Basemap): LayerSpecification {
  return { id: `basemap-${id}`, type: 'raster', source: `basemap-${id}` };
}

export function notConfiguredNotice(base: Basemap): string {
  const name = base === 'satellite' ? 'Satellite' : 'Satellite 2';
  const variable = base === 'satellite' ? 'BASEMAP_SATELLITE_URL' : 'BASEMAP_SATELLITE2_URL';
  return `${name} imagery is not configured on this server (${variable}); showing the street map instead.`;
}
