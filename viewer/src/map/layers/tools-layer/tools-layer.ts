// The shape being drawn by a tool (line, polygon or point), as deck.gl layers over the map.
import { PathLayer, PolygonLayer, ScatterplotLayer } from '@deck.gl/layers';
import type { Layer } from '@deck.gl/core';
import type { LonLat } from '@parcel-map/contracts/map/places';
import type { ToolState } from '../../../state/ui.ts';
import { toolKinds } from '../../tools/tool-actions.ts';

const ink: [number, number, number, number] = [230, 80, 20, 255];

export function toolLayers(state: ToolState): Layer[] {
  if (!state.tool || state.points.length === 0) return [];
  const kind = toolKinds[state.tool];
  const points = state.points;
  const layers: Layer[] = [];
  if (kind === 'polygon' && points.length >= 3) {
    layers.push(
      new PolygonLayer<{ polygon: LonLat[] }>({
        id: 'tool-polygon',
        data: [{ polygon: points }],
        getPolygon: (d) => d.polygon,
        getFillColor: [230, 80, 20, 50],
        getLineColor: ink,
        getLineWidth: 2,
        lineWidthUnits: 'pixels',
      }),
    );
  } else if (kind !== 'point' && points.length >= 2) {
    layers.push(
      new PathLayer<{ path: LonLat[] }>({
        id: 'tool-path',
        data: [{ path: points }],
        getPath: (d) => d.path,
        getColor: ink,
        getWidth: 3,
        widthUnits: 'pixels',
      }),
    );
  }
  layers.push(
    new ScatterplotLayer<LonLat>({
      id: 'tool-vertices',
      data: points,
      getPosition: (d) => d,
      getRadius: 5,
      radiusUnits: 'pixels',
      getFillColor: [255, 255, 255, 255],
      getLineColor: ink,
      stroked: true,
      getLineWidth: 2,
      lineWidthUnits: 'pixels',
    }),
  );
  return layers;
}
