// Answers of /api/v1/config.json (basemap and terrain URLs, the parcel minimum zoom) and
// /api/v1/layers.json (the additional-layer catalogue the layers panel lists and the legend draws).

export interface ClientConfig {
  basemaps: { satellite?: string; satellite2?: string };
  terrain?: string;
  parcelMinZoom: number;
}

export interface LegendEntry {
  label: string;
  color: string;
  /** The tile attribute value(s) drawn in this colour; clients take the label when there are none. */
  values?: string[];
}

export interface CatalogueLayer {
  id: string;
  name: string;
  description: string;
  type: 'vector';
  source: string;
  // The drawing details below are optional for clients: the viewer's built-in entries (used when the
  // catalogue cannot be loaded) leave them out and it draws with defaults. The server sends them all.
  /** Layer name inside the tiles and the attribute the legend colours by. */
  sourceLayer?: string;
  property?: string;
  docs: string;
  country: 'us' | 'ca';
  /** Tile zoom range; clients over-zoom the maxzoom tiles up to displayMaxzoom. */
  minzoom: number;
  maxzoom: number;
  displayMaxzoom?: number;
  labelMinzoom?: number;
  opacity?: number;
  legend?: LegendEntry[];
}
