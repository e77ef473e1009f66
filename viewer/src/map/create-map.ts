// Creates the maplibre map with a style served entirely by us (tiles, TileJSON and label glyphs; no
// external URL): land, place outlines, the street basemap, parcels, then street and place labels. The
// additional layers are added under the parcels when first switched on (map-sync.ts).
import { Map as MapLibreMap, type StyleSpecification } from 'maplibre-gl';
import { getToken } from '../api/client.ts';
import type { LonLat } from '@parcel-map/contracts/map/places';
import {
  backgroundLayer,
  glyphsUrl,
  streetBasemapLayers,
  streetBasemapSource,
  streetBasemapSourceId,
  streetLabelLayers,
} from './layers/basemap-layer/basemap-layer.ts';
import { parcelLayers, parcelSource, type TileJson } from './layers/parcels-layer/parcels-layer.ts';
import { placeLabelLayer, placesLayers, placesSources } from './layers/places-layer/places-layer.ts';

export function baseStyle(
  colors: { parcel: string; hover: string; selected: string },
  tileJson: TileJson | null = null,
): StyleSpecification {
  const token = getToken();
  const tokenQuery = token === 'public' ? '' : `&token=${encodeURIComponent(token)}`;
  return {
    version: 8,
    glyphs: glyphsUrl(location.origin),
    sources: {
      [streetBasemapSourceId]: streetBasemapSource(location.origin, tokenQuery),
      ...placesSources(),
      parcels: parcelSource(location.origin, tokenQuery, tileJson),
    },
    layers: [
      backgroundLayer(),
      ...placesLayers(),
      ...streetBasemapLayers(),
      ...parcelLayers(colors),
      ...streetLabelLayers(),
      placeLabelLayer(),
    ],
  };
}

export function createMap(
  container: HTMLElement,
  view: { center: LonLat; zoom: number },
  colors: { parcel: string; hover: string; selected: string },
  tileJson: TileJson | null,
): MapLibreMap {
  return new MapLibreMap({
    container,
    style: baseStyle(colors, tileJson),
    center: view.center,
    zoom: view.zoom,
    maxZoom: 22,
    // Each visible layer's source credits its data (TileJSON or source `attribution`); collapsed to a
    // button on screens up to 640 px wide (maplibre's rule when `compact` is unset).
    attributionControl: {},
    // Our own keyboard shortcuts pan by a third of the view (spec 9), not maplibre's fixed 100 px.
    keyboard: false,
    fadeDuration: 0,
    // Print and the browser tests read the canvas back.
    canvasContextAttributes: { preserveDrawingBuffer: true },
  });
}
