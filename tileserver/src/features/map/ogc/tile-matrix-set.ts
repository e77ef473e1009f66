// The WebMercatorQuad tile matrix set as OGC's Two Dimensional Tile Matrix Set standard (2.0) defines
// it: the XYZ grid of every web map, EPSG:3857, 256-pixel tiles, origin at the top left. OGC API Tiles
// names it by this id and URI, and a tileset's limits say which rows and columns hold data per zoom.
import { epsg3857, webMercatorQuadUri } from '@parcel-map/contracts/map/ogc';

const HALF_WORLD = 20037508.3427892;
/** Zoom 0's scale denominator and cell size (metres per pixel at the equator, 0.28 mm pixels). */
const SCALE_0 = 559082264.028717;
const CELL_0 = 156543.033928041;
const MAX_MATRIX = 24;

export const webMercatorQuad = {
  id: 'WebMercatorQuad',
  title: 'Google Maps Compatible for the World',
  uri: webMercatorQuadUri,
  crs: epsg3857,
  orderedAxes: ['X', 'Y'],
  wellKnownScaleSet: 'http://www.opengis.net/def/wkss/OGC/1.0/GoogleMapsCompatible',
  tileMatrices: Array.from({ length: MAX_MATRIX + 1 }, (_, z) => ({
    id: String(z),
    scaleDenominator: SCALE_0 / 2 ** z,
    cellSize: CELL_0 / 2 ** z,
    cornerOfOrigin: 'topLeft',
    pointOfOrigin: [-HALF_WORLD, HALF_WORLD] as [number, number],
    tileWidth: 256,
    tileHeight: 256,
    matrixWidth: 2 ** z,
    matrixHeight: 2 ** z,
  })),
};

export interface TileMatrixLimits {
  tileMatrix: string;
  minTileRow: number;
  maxTileRow: number;
  minTileCol: number;
  maxTileCol: number;
}

/** The rows and columns of each zoom in [minzoom, maxzoom] that a lon/lat box [w, s, e, n] touches. */
export function tileMatrixSetLimits(
  bounds: readonly [number, number, number, number],
  minzoom: number,
  maxzoom: number,
): TileMatrixLimits[] {
  const [west, south, east, north] = bounds;
  const limits: TileMatrixLimits[] = [];
  for (let z = minzoom; z <= Math.min(maxzoom, MAX_MATRIX); z++) {
    const n = 2 ** z;
    const col = (lon: number) => clamp(Math.floor(((lon + 180) / 360) * n), n);
    const row = (lat: number) => {
      const rad = (Math.max(-85.0511, Math.min(85.0511, lat)) * Math.PI) / 180;
      return clamp(Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n), n);
    };
    limits.push({
      tileMatrix: String(z),
      minTileRow: row(north),
      maxTileRow: row(south),
      minTileCol: col(west),
      maxTileCol: col(east),
    });
  }
  return limits;
}

function clamp(value: number, n: number): number {
  return Math.max(0, Math.min(n - 1, value));
}
