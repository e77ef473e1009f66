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
  /** For a numeric attribute: drawn where min <= value < max (an open end is omitted). */
  range: z.object({ min: z.number().optional(), max: z.number().optional() }).optional(),
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
  /** How the features are drawn: polygons filled (default), lines, points as circles, or extruded by a height. */
  geometry: z.enum(['fill', 'line', 'circle', 'extrusion']).optional(),
  /** Attribute written as a text label (from labelMinzoom), and for 'extrusion' the height attribute in feet. */
  labelProperty: z.string().optional(),
  heightProperty: z.string().optional(),
  /** Who may draw it: the server answers 403 for the tiles otherwise; the panel shows the upsell. */
  access: z.enum(['everyone', 'paid', 'admin']).optional(),
  /** Where the data comes from, listed with the layer in the panel. */
  provenance: z
    .object({ publisher: z.string(), licence: z.string(), vintage: z.string().optional(), url: z.string().optional() })
    .optional(),
  /** A caution shown with the layer, e.g. that contours are interpolated and approximate. */
  note: z.string().optional(),
});
export type CatalogueLayer = z.infer<typeof catalogueLayer>;

/** The answer of /api/v1/layers.json. */
export const layerCatalogue = z.array(catalogueLayer);
