// Parses and checks z/x/y from a tile URL: integers only, x and y inside the 2^z grid.
import { ApiError } from '../errors.ts';

export interface TileCoords {
  z: number;
  x: number;
  y: number;
}

const integer = /^(0|[1-9][0-9]{0,9})$/;
const MAX_ZOOM = 30;

export function parseTileCoords(z: string, x: string, y: string): TileCoords {
  if (!integer.test(z) || !integer.test(x) || !integer.test(y)) {
    throw new ApiError('BAD_REQUEST', 'Tile coordinates z, x and y must be non-negative integers');
  }
  const coords = { z: Number(z), x: Number(x), y: Number(y) };
  if (coords.z > MAX_ZOOM) throw new ApiError('BAD_REQUEST', `Zoom ${coords.z} is above the largest zoom ${MAX_ZOOM}`);
  const size = 2 ** coords.z;
  if (coords.x >= size || coords.y >= size) {
    throw new ApiError(
      'BAD_REQUEST',
      `Tile ${coords.z}/${coords.x}/${coords.y} is outside the grid: x and y must be below ${size} at zoom ${coords.z}`,
    );
  }
  return coords;
}

/** Splits "123.mvt" into the y part; anything else is a bad request. */
export function stripMvt(y: string): string {
  if (!y.endsWith('.mvt')) throw new ApiError('BAD_REQUEST', 'Tile URLs end in .mvt');
  return y.slice(0, -4);
}

export function assertZoomInRange(z: number, minzoom: number, maxzoom: number, what: string): void {
  if (z < minzoom || z > maxzoom)
    throw new ApiError('NOT_FOUND', `${what} has tiles from zoom ${minzoom} to ${maxzoom}, not ${z}`);
}
