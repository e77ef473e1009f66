// Applies 2D/3D to the map: a raster-dem terrain source when one is configured, and the camera easing.
import type { Map as MapLibreMap } from 'maplibre-gl';
import { terrainCamera, terrainEaseMs, terrainExaggeration } from './terrain.ts';

export function setTerrain(map: MapLibreMap, on: boolean, terrainUrl: string | undefined): void {
  if (on) {
    if (terrainUrl && !map.getSource('terrain'))
      map.addSource('terrain', { type: 'raster-dem', tiles: [terrainUrl], tileSize: 256 });
    if (terrainUrl) map.setTerrain({ source: 'terrain', exaggeration: terrainExaggeration });
    map.setMaxZoom(17);
    map.easeTo({ ...terrainCamera(map.getZoom()), duration: terrainEaseMs });
  } else {
    if (map.getTerrain()) map.setTerrain(null);
    map.setMaxZoom(22);
    map.easeTo({ pitch: 0, bearing: 0, duration: terrainEaseMs });
  }
}
