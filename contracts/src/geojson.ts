// GeoJSON geometry as the API sends it (RFC 7946), written out here so that contracts depend on zod
// alone; the shapes match @types/geojson, so the viewer hands them to maplibre and deck.gl as they are.
import { z } from 'zod';

export const position = z.array(z.number());
export type Position = z.infer<typeof position>;

const point = z.object({ type: z.literal('Point'), coordinates: position });
const multiPoint = z.object({ type: z.literal('MultiPoint'), coordinates: z.array(position) });
const lineString = z.object({ type: z.literal('LineString'), coordinates: z.array(position) });
const multiLineString = z.object({ type: z.literal('MultiLineString'), coordinates: z.array(z.array(position)) });
const polygon = z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(position)) });
const multiPolygon = z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(position))) });

export type Geometry =
  | z.infer<typeof point>
  | z.infer<typeof multiPoint>
  | z.infer<typeof lineString>
  | z.infer<typeof multiLineString>
  | z.infer<typeof polygon>
  | z.infer<typeof multiPolygon>
  | { type: 'GeometryCollection'; geometries: Geometry[] };

// A collection holds geometries of its own, so the schema refers to itself (and its type is stated).
export const geometry: z.ZodType<Geometry> = z.lazy(() =>
  z.discriminatedUnion('type', [
    point,
    multiPoint,
    lineString,
    multiLineString,
    polygon,
    multiPolygon,
    z.object({ type: z.literal('GeometryCollection'), geometries: z.array(geometry) }),
  ]),
);
