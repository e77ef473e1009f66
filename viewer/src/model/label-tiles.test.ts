import { describe, expect, it } from 'vitest';
import { defaultLabelTile, parseLabelTile, serializeLabelTile } from './label-tiles.ts';

describe('label tile choice', () => {
  it('reads back what it stored, on or off', () => {
    for (const choice of [
      { tile: 'places' as const, on: true },
      { tile: 'places' as const, on: false },
      { tile: 'streets-places' as const, on: false },
    ])
      expect(parseLabelTile(serializeLabelTile(choice))).toEqual(choice);
  });

  it('falls back to street and place names for nothing stored or an unknown tile', () => {
    expect(parseLabelTile(null)).toEqual(defaultLabelTile);
    expect(parseLabelTile('satellite-labels')).toEqual(defaultLabelTile);
  });
});
