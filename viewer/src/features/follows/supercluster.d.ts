// The part of supercluster 8 this feature uses (the package ships no types; @types would be one more
// dependency for four methods).
declare module 'supercluster' {
  interface PointFeature<P> {
    type: 'Feature';
    geometry: { type: 'Point'; coordinates: number[] };
    properties: P;
  }
  interface ClusterProperties {
    cluster: true;
    cluster_id: number;
    point_count: number;
  }
  export default class Supercluster<P = Record<string, unknown>> {
    constructor(options?: { radius?: number; maxZoom?: number; minZoom?: number; extent?: number; minPoints?: number });
    load(points: PointFeature<P>[]): this;
    getClusters(bbox: [number, number, number, number], zoom: number): PointFeature<P | ClusterProperties>[];
    getClusterExpansionZoom(clusterId: number): number;
  }
}
