// Shapes for tests: focus areas and selections drawn inside Cambridge, well away from its edges.

/** A GeoJSON square of about `miles` a side around `center` (lon, lat), by default mid-Cambridge. */
export function cambridgeSquare(miles: number, [lon, lat]: [number, number] = [-71.105, 42.372]) {
  const dLat = miles / 69 / 2;
  const dLon = dLat / Math.cos((lat * Math.PI) / 180);
  return {
    type: 'Polygon',
    coordinates: [
      [
        [lon - dLon, lat - dLat],
        [lon + dLon, lat - dLat],
        [lon + dLon, lat + dLat],
        [lon - dLon, lat + dLat],
        [lon - dLon, lat - dLat],
      ],
    ],
  };
}
