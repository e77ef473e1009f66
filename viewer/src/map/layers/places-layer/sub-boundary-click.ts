// A click on a sub-boundary (a child place outlined under the viewed place) that no parcel or focus
// area took zooms to that place's boundary and makes it the viewed place, as its breadcrumb does
// (spec: "Otherwise clicking a focus area or sub-boundary zooms to its boundary").
import type { Map as MapLibreMap, PointLike } from 'maplibre-gl';
import type { BBox } from '@parcel-map/contracts/map/places';
import { showPlaceAtom } from '../../../state/selection.ts';
import { store } from '../../../state/store.ts';
import { fitBBox } from '../../navigate.ts';
import { subBoundaryLayerIds } from './places-layer.ts';

// The focus-area layer belongs to a feature, which map/ may not import; its id is the contract here.
const focusAreaFill = 'focus-areas-fill';

/** Returns whether the click was a sub-boundary's (and the map has moved to it). */
export function zoomToSubBoundaryAt(map: MapLibreMap, point: PointLike): boolean {
  if (map.getLayer(focusAreaFill) && map.queryRenderedFeatures(point, { layers: [focusAreaFill] }).length > 0)
    return false;
  const layers = subBoundaryLayerIds.filter(
    (id) => map.getLayer(id) && map.getLayoutProperty(id, 'visibility') !== 'none',
  );
  if (layers.length === 0) return false;
  const hit = map.queryRenderedFeatures(point, { layers })[0];
  const p = hit?.properties as { path?: string; w?: number; s?: number; e?: number; n?: number } | undefined;
  if (!p?.path || p.w === undefined || p.s === undefined || p.e === undefined || p.n === undefined) return false;
  const bbox: BBox = [p.w, p.s, p.e, p.n];
  fitBBox(map, bbox, 20, 22);
  store.set(showPlaceAtom, p.path);
  return true;
}
