// Route families: the unit of the request metrics and of the fuzz suite's "at least N cases". A route
// whose prefix no family claims (a route merged after this list was written) counts as "other".
const families: [string, RegExp][] = [
  ['tiles', /^\/api\/v1\/(parcels|static|basemap|zoning|styles|fonts|sprites)\b/],
  // Before 'search and records', which claims /api/v1/layers.json, the catalogue.
  ['tiles', /^\/api\/v1\/layers\//],
  ['sources', /^\/(api\/v1\/)?sources\b/],
  [
    'search and records',
    /^\/(at_point|parcels_at_point|parcel_fields|search\.json|coverage|neighborhoods|api\/v1\/(dimensions|layers|config|health))\b|^\/api\/health$/,
  ],
  ['accounts', /^\/(users|api\/v1\/session|preferences|search\/groups|profile\/(follows|bookmarks)|notify)\b/],
  ['projects', /^\/(projects|profile\/projects|g\/:group\/maps)\b/],
  ['billing', /^\/(plans|payments|subscriptions|profile\/orders|g\/:group\/settings|settings|account)\b/],
  ['admin', /^\/(admin|metrics)\b/],
  ['ogc', /^\/ogc\b/],
  ['arcgis', /^\/arcgis\//],
  ['bulk licences', /^\/bulk\b/],
];

/** The family of a route pattern (`/g/:group/maps/:slug`), not of a concrete path. */
export function familyOfRoute(pattern: string): string {
  return families.find(([, re]) => re.test(pattern))?.[0] ?? 'other';
}
