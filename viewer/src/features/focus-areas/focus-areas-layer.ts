// The project's focus areas on the map: a fill that fades out by zoom 13 (spec 9) and an outline.
// Clicking a focus area where no parcel is under the click zooms to it (spec 2); a drawing tool keeps
// its clicks. Added again when a basemap change replaces the map style.
import { useAtomValue } from 'jotai';
import type { GeoJSONSource, Map as MapLibreMap, MapMouseEvent } from 'maplibre-gl';
import { useEffect } from 'react';
import { parcelLayerIds } from '../../map/layers/parcels-layer/parcels-layer.ts';
import { mapAtom } from '../../state/view.ts';
import { store } from '../../state/store.ts';
import { toolAtom } from '../../state/ui.ts';
import { currentProjectAtom, type FocusArea, type Project } from '../../state/project.ts';
import { attachedAreas, boundsOf } from './focus-areas.ts';

export const focusAreasSourceId = 'focus-areas';
export const focusAreaLayerIds = { fill: 'focus-areas-fill', line: 'focus-areas-line' } as const;
const color = '#f59e0b';

function collection(project: Project | null): GeoJSON.FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: attachedAreas(project).map((f) => ({
      type: 'Feature',
      id: f.id,
      geometry: f.geometry as GeoJSON.Geometry,
      properties: { id: f.id, name: f.name },
    })),
  };
}

/** Spec 9: fit a feature with padding 60, at most zoom 17, without animation. */
export function zoomToFocusArea(map: MapLibreMap, area: Pick<FocusArea, 'geometry'>): void {
  const [w, s, e, n] = boundsOf(area.geometry);
  map.fitBounds(
    [
      [w, s],
      [e, n],
    ],
    { padding: 60, maxZoom: 17, animate: false },
  );
}

function sync(map: MapLibreMap, data: GeoJSON.FeatureCollection): void {
  const source = map.getSource(focusAreasSourceId) as GeoJSONSource | undefined;
  if (source) {
    source.setData(data);
    return;
  }
  map.addSource(focusAreasSourceId, { type: 'geojson', data });
  // Under the parcels, so parcel hover and selection draw on top.
  const before = map.getLayer(parcelLayerIds.fill) ? parcelLayerIds.fill : undefined;
  map.addLayer(
    {
      id: focusAreaLayerIds.fill,
      type: 'fill',
      source: focusAreasSourceId,
      paint: { 'fill-color': color, 'fill-opacity': ['interpolate', ['linear'], ['zoom'], 10, 0.35, 13, 0] },
    },
    before,
  );
  map.addLayer(
    {
      id: focusAreaLayerIds.line,
      type: 'line',
      source: focusAreasSourceId,
      paint: { 'line-color': color, 'line-width': 2.5 },
    },
    before,
  );
}

function onClick(map: MapLibreMap, e: MapMouseEvent, project: Project | null): void {
  if (store.get(toolAtom).tool || !map.getLayer(focusAreaLayerIds.fill)) return;
  if (
    map.getLayer(parcelLayerIds.fill) &&
    map.queryRenderedFeatures(e.point, { layers: [parcelLayerIds.fill] }).length > 0
  )
    return;
  const hit = map.queryRenderedFeatures(e.point, { layers: [focusAreaLayerIds.fill] })[0];
  const area = attachedAreas(project).find((f) => f.id === Number(hit?.properties?.id));
  if (area) zoomToFocusArea(map, area);
}

/** Keeps the map's focus-area layers in step with the current project. */
export function FocusAreasLayer() {
  const map = useAtomValue(mapAtom);
  const project = useAtomValue(currentProjectAtom);
  useEffect(() => {
    if (!map) return;
    const data = collection(project);
    const update = () => {
      // Outside project mode nothing is added to the map.
      if (!project && !map.getSource(focusAreasSourceId)) return;
      try {
        sync(map, data);
      } catch {
        // The style is still loading (a basemap change): styledata calls update again once it has.
      }
    };
    const click = (e: MapMouseEvent) => onClick(map, e, project);
    update();
    map.on('styledata', update);
    map.on('click', click);
    return () => {
      map.off('styledata', update);
      map.off('click', click);
    };
  }, [map, project]);
  return null;
}
