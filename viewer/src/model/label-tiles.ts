// The label tiles a user chooses between (spec map.md §2): street and place names, or place names only;
// the chosen tile toggles on and off (off: a map with no floating labels). The choice is remembered in
// local storage like the base layer.
export type LabelTileId = 'streets-places' | 'places';
export interface LabelTileChoice {
  tile: LabelTileId;
  on: boolean;
}

export const labelTiles: { id: LabelTileId; label: string }[] = [
  { id: 'streets-places', label: 'Streets and places' },
  { id: 'places', label: 'Places only' },
];

export const labelTileStorageKey = 'label_tile';
export const defaultLabelTile: LabelTileChoice = { tile: 'streets-places', on: true };

/** "places", or "places:off" when switched off. */
export function serializeLabelTile(choice: LabelTileChoice): string {
  return choice.on ? choice.tile : `${choice.tile}:off`;
}

/** A stored choice, or the default for anything unknown. */
export function parseLabelTile(value: string | null): LabelTileChoice {
  const [tile, state] = (value ?? '').split(':');
  if (!labelTiles.some((t) => t.id === tile)) return defaultLabelTile;
  return { tile: tile as LabelTileId, on: state !== 'off' };
}
