// Test hooks the viewer exposes on window (see viewer/src/map/map-events.ts).
import type { Map as MapLibreMap } from 'maplibre-gl';

declare global {
  interface Window {
    __map?: MapLibreMap;
    __idle?: boolean;
    __parcelsDrawnAt?: number;
  }
}
