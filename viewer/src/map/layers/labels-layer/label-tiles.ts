// Which label layers each label tile shows: street names come from the street basemap's tiles, place
// names from our places layer; a tile switched off hides both.
import type { LabelTileChoice } from '../../../model/label-tiles.ts';
import { placesLayerIds } from '../places-layer/places-layer.ts';

export const streetLabelLayerId = 'basemap-street-labels';

export function labelTileLayers(choice: LabelTileChoice): Record<string, boolean> {
  return {
    [streetLabelLayerId]: choice.on && choice.tile === 'streets-places',
    [placesLayerIds.label]: choice.on,
  };
}
