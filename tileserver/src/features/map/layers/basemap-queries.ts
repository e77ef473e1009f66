// The basemap tile statement: one tile with four layers from our own tables, drawn by the street
// basemap. water (water_bodies, from z10), streets (by class: primary from z10, secondary from z12,
// the rest from z13; names from z13 so that labels placed from z14 have them at the tile edge zoom),
// boundaries (place outlines as lines: states, counties from z5, cities from z9, neighbourhoods from
// z12; simplified to the pixel below z12; state and county lines cut away inside cities) and place_labels (one point per place, inside the tile only,
// so a label never repeats across tiles). Binds only $1,$2,$3 = z,x,y. No layer filters on its computed
// geometry: ST_AsMVT skips NULL geometries, and a filter computed it twice (tiles/tile-queries.ts).
export const basemapLayer = { minzoom: 0, maxzoom: 16 } as const;

export const basemapFields = {
  water: { type: 'String' },
  streets: { class: 'String', name: 'String' },
  boundaries: { kind: 'String', name: 'String' },
  place_labels: { kind: 'String', name: 'String' },
} as const;

export const basemapTileSql = `
WITH bounds AS (
  SELECT ST_TileEnvelope($1, $2, $3) AS env, ST_TileEnvelope($1, $2, $3, margin => 64.0 / 4096) AS search,
         40075016.68557849 / 4096.0 / (2.0 ^ $1) AS unit
), water AS (
  SELECT ST_AsMVTGeom(w.geom_3857, b.env, 4096, 64, true) AS geom, w.water_type AS type
  FROM water_bodies w, bounds b
  WHERE $1 >= 10 AND w.geom_3857 && b.search
), streets AS (
  SELECT ST_AsMVTGeom(s.geom_3857, b.env, 4096, 64, true) AS geom, s.class, CASE WHEN $1 >= 13 THEN s.name END AS name
  FROM streets s, bounds b
  WHERE s.geom_3857 && b.search
    AND (($1 >= 10 AND s.class = 'primary') OR ($1 >= 12 AND s.class = 'secondary') OR $1 >= 13)
), city_cut AS (
  -- From z9, where cities are drawn, a state or county outline is not drawn inside a city: the Census
  -- outlines are generalised (1:500,000, ~100 m; 1:20M for the island territories) and their straight
  -- edges would cross a city whose own boundary is exact. Cities are clipped to the tile (a wide margin,
  -- so the clip's own edges stay outside the drawn area) and shrunk by two pixels (16 units: the map
  -- draws a tile's 4096 units on 512 pixels), so a county line that runs along a city's edge is kept.
  SELECT ST_Union(ST_Buffer(ST_ClipByBox2D(c.geom_3857, ST_Expand(b.search, b.unit * 512)), -16 * b.unit)) AS g
  FROM places c, bounds b
  WHERE $1 >= 9 AND c.kind = 'city' AND c.geom_3857 && b.search
), boundaries AS (
  SELECT ST_AsMVTGeom(CASE WHEN p.kind IN ('state', 'county') AND cut.g IS NOT NULL THEN ST_Difference(l.line, cut.g) ELSE l.line END,
           b.env, 4096, 64, true) AS geom, p.kind, p.name
  FROM places p
  CROSS JOIN bounds b
  CROSS JOIN city_cut cut
  CROSS JOIN LATERAL (SELECT ST_Boundary(CASE WHEN $1 < 12 THEN ST_SimplifyPreserveTopology(p.geom_3857, b.unit * 2) ELSE p.geom_3857 END) AS line) l
  WHERE p.geom_3857 && b.search
    AND (p.kind = 'state' OR ($1 >= 5 AND p.kind = 'county') OR ($1 >= 9 AND p.kind = 'city') OR ($1 >= 12 AND p.kind = 'neighborhood'))
), label_points AS (
  SELECT ST_PointOnSurface(p.geom_3857) AS point, p.kind, p.name, b.env
  FROM places p, bounds b
  WHERE p.geom_3857 && b.env
    AND ((p.kind = 'state' AND $1 BETWEEN 3 AND 8) OR (p.kind = 'county' AND $1 BETWEEN 7 AND 11)
      OR (p.kind = 'city' AND $1 >= 10) OR (p.kind = 'neighborhood' AND $1 >= 13))
), place_labels AS (
  SELECT ST_AsMVTGeom(l.point, l.env, 4096, 0, true) AS geom, l.kind, l.name FROM label_points l WHERE l.point && l.env
)
SELECT coalesce((SELECT ST_AsMVT(water, 'water', 4096, 'geom') FROM water), ''::bytea)
    || coalesce((SELECT ST_AsMVT(streets, 'streets', 4096, 'geom') FROM streets), ''::bytea)
    || coalesce((SELECT ST_AsMVT(boundaries, 'boundaries', 4096, 'geom') FROM boundaries), ''::bytea)
    || coalesce((SELECT ST_AsMVT(place_labels, 'place_labels', 4096, 'geom') FROM place_labels), ''::bytea) AS mvt`;
