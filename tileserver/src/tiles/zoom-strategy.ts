// The zoom strategy for parcel tiles, as SQL fragments over the zoom parameter $1. Measured in
// bench/README.md: low zooms drop parcels smaller than a display pixel (they cannot be seen there) and
// use a coarser extent and fewer attributes, which keeps every tile from z11 to z22 under 500 KB gzip
// on the 1M-parcel synthetic county while every parcel that covers a pixel stays drawn.

/** Web Mercator metres across one 512-px display pixel at zoom $1. */
const pixelMetres = '(40075016.68557849 / 512.0 / (2.0 ^ $1))';

/** MVT extent per zoom: 4096 from z15; coarser grids below (512 = one unit per display pixel). */
export const extentSql = 'CASE WHEN $1 <= 12 THEN 512 WHEN $1 = 13 THEN 1024 WHEN $1 = 14 THEN 2048 ELSE 4096 END';

/** Buffer of 1/64 of the extent, as the canonical tile query uses (64 of 4096). */
export const bufferSql = `(${extentSql}) / 64`;

/** From this zoom up every parcel is kept and all tile attributes are written. */
export const detailZoom = 15;

/** True when the row's bounding box covers at least one display pixel (always true from detailZoom). */
export function visibleAtZoomSql(geom: string): string {
  return `($1 >= ${detailZoom} OR (ST_XMax(${geom}) - ST_XMin(${geom})) * (ST_YMax(${geom}) - ST_YMin(${geom})) >= ${pixelMetres} ^ 2)`;
}

/** An attribute written only at detail zooms (nulls are left out of MVT features). */
export function detailOnlySql(expression: string): string {
  return `CASE WHEN $1 >= ${detailZoom} THEN ${expression} END`;
}

/** Feature ids from zoom 13, where hovering and picking start (the spec's raster max zoom). */
export const pickZoom = 13;

export function featureIdSql(expression: string): string {
  return `CASE WHEN $1 >= ${pickZoom} THEN ${expression} END`;
}
