// Answers of /api/v1/config.json (basemap and terrain URLs, the parcel minimum zoom) and
// /api/v1/layers.json (the additional-layer catalogue the layers panel lists and the legend draws).
import { z } from 'zod';

export const clientConfig = z.object({
  basemaps: z.object({ satellite: z.string().optional(), satellite2: z.string().optional() }),
  terrain: z.string().optional(),
  parcelMinZoom: z.number(),
});
export type ClientConfig = z.infer<typeof clientConfig>;

export const legendEntry = z.object({
  label: z.string(),
  color: z.string(),
  /** The tile attribute value(s) drawn in this colour; clients take the label when there are none. */
  values: z.array(z.string()).optional(),
});
export type LegendEntry = z.infer<typeof legendEntry>;

export const catalogueLayer = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.literal('vector'),
  source: z.string(),
  // The drawing details below are optional for clients: the viewer's built-in entries (used when the
  // catalogue cannot be loaded) leave them out and it draws with defaults. The server sends them all.
  /** Layer name inside the tiles and the attribute the legend colours by. */
  sourceLayer: z.string().optional(),
  property: z.string().optional(),
  docs: z.string(),
  country: z.enum(['us', 'ca']),
  /** Tile zoom range; clients over-zoom the maxzoom tiles up to displayMaxzoom. */
  minzoom: z.number(),
  maxzoom: z.number(),
  displayMaxzoom: z.number().optional(),
  labelMinzoom: z.number().optional(),
  opacity: z.number().optional(),
  legend: z.array(legendEntry).optional(),
});
export type CatalogueLayer = z.infer<typeof catalogueLayer>;

/** The answer of /api/v1/layers.json. */
export const layerCatalogue = z.array(catalogueLayer);
