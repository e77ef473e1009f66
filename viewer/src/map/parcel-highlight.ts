// The hovered and selected parcel outlines by maplibre feature-state: the hovered parcel's tile feature
// gets {hover: true} and the selected one {selected: true}, which the parcels-hover and parcels-selected
// paint reads. A state change repaints that one feature; a filter change would lay out every visible
// parcel tile again in the worker. The tiles' feature id is parcels.id from zoom 13, where hovering and
// picking start; a parcel known only by its path (a shared link, Other Records at Location) is found in
// the loaded tiles, which carry paths from zoom 15, as tiles arrive.
import type { FeatureIdentifier, Map as MapLibreMap, MapSourceDataEvent } from 'maplibre-gl';
import { hoveredParcelAtom, selectedPathAtom } from '../state/selection.ts';
import { store } from '../state/store.ts';
import { parcelSourceId } from './layers/parcels-layer/parcels-layer.ts';

type FeatureId = number | string;

/** The zoom from which parcel tiles carry each feature's path. */
const pathZoom = 15;
const rememberedLimit = 256;

/** Feature ids of parcels the pointer opened, by path: a click below the path zoom knows the id only. */
const idsByPath = new Map<string, FeatureId>();

export function rememberParcelId(path: string, id: FeatureId | undefined): void {
  if (!path || id === undefined || id === -1) return;
  idsByPath.delete(path);
  idsByPath.set(path, id);
  if (idsByPath.size > rememberedLimit) idsByPath.delete(idsByPath.keys().next().value as string);
}

function parcelFeature(id: FeatureId): FeatureIdentifier {
  return { source: parcelSourceId, sourceLayer: 'parcels', id };
}

function idOfPath(map: MapLibreMap, path: string): FeatureId | undefined {
  const remembered = idsByPath.get(path);
  if (remembered !== undefined) return remembered;
  const hovered = store.get(hoveredParcelAtom);
  if (hovered?.path === path && hovered.id !== -1) return hovered.id;
  if (map.getZoom() < pathZoom || !map.getSource(parcelSourceId)) return undefined;
  const found = map.querySourceFeatures(parcelSourceId, {
    sourceLayer: 'parcels',
    filter: ['==', ['get', 'path'], path],
  });
  return found.find((f) => f.id !== undefined)?.id;
}

export function syncParcelHighlight(map: MapLibreMap): () => void {
  let hovered: FeatureId | null = null;
  let selected: FeatureId | null = null;
  /** The selected path whose feature id is not known yet. */
  let pending: string | null = null;

  const showHover = () => {
    const id = store.get(hoveredParcelAtom)?.id ?? null;
    const next = id === -1 ? null : id;
    if (next === hovered) return;
    if (hovered !== null) map.removeFeatureState(parcelFeature(hovered), 'hover');
    hovered = next;
    if (hovered !== null) map.setFeatureState(parcelFeature(hovered), { hover: true });
  };

  const markSelected = (id: FeatureId | null) => {
    if (id === selected) return;
    if (selected !== null) map.removeFeatureState(parcelFeature(selected), 'selected');
    selected = id;
    if (selected !== null) map.setFeatureState(parcelFeature(selected), { selected: true });
  };

  const resolvePending = () => {
    if (pending === null) return;
    const id = idOfPath(map, pending);
    if (id === undefined) return;
    pending = null;
    map.off('sourcedata', onTile);
    markSelected(id);
  };
  // A parcel tile arrived: the pending parcel may be in it.
  const onTile = (e: MapSourceDataEvent) => {
    if (e.sourceId === parcelSourceId && e.dataType === 'source' && e.tile) resolvePending();
  };

  const showSelected = () => {
    const path = store.get(selectedPathAtom);
    map.off('sourcedata', onTile);
    markSelected(null);
    pending = path;
    resolvePending();
    if (pending !== null) map.on('sourcedata', onTile);
  };

  const unsubscribe = [store.sub(hoveredParcelAtom, showHover), store.sub(selectedPathAtom, showSelected)];
  showHover();
  showSelected();
  return () => {
    for (const u of unsubscribe) u();
    map.off('sourcedata', onTile);
  };
}
