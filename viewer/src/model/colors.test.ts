import { describe, expect, it } from 'vitest';
import {
  colorsFor,
  colorsFromPreference,
  colorsToPreference,
  defaultColors,
  hexToRgba,
  isDefault,
  parseColors,
  setColor,
} from './colors.ts';

describe('map colour settings', () => {
  it('starts from teal street lines, yellow-green satellite lines and a pink selection', () => {
    expect(defaultColors.parcel.street).toBe('#008080');
    expect(defaultColors.parcel.satellite).toBe('#9acd32');
    expect(colorsFor(defaultColors, 'street').selected).toBe('#ff1493');
  });

  it('keeps defaults for saved values that are missing or malformed', () => {
    const colors = parseColors(JSON.stringify({ parcel: { street: '#ABCDEF', satellite: 'red' } }));
    expect(colors.parcel).toEqual({ street: '#abcdef', satellite: '#9acd32' });
    expect(parseColors('{not json')).toEqual(defaultColors);
  });

  it('changes one variant without touching the others and ignores invalid colours', () => {
    const changed = setColor(defaultColors, 'hover', 'satellite', '#000000');
    expect(changed.hover).toEqual({ street: defaultColors.hover.street, satellite: '#000000' });
    expect(isDefault(changed)).toBe(false);
    expect(setColor(defaultColors, 'hover', 'street', 'blue')).toBe(defaultColors);
  });

  it('converts hex colours to RGBA for deck.gl', () => {
    expect(hexToRgba('#ff8000', 128)).toEqual([255, 128, 0, 128]);
  });

  it('saves only the colours that differ from the defaults, flat as the server keeps them, and reads them back', () => {
    const changed = setColor(defaultColors, 'parcel', 'street', '#FF0000');
    expect(colorsToPreference(changed)).toEqual({ parcel_street: '#ff0000' });
    expect(colorsToPreference(defaultColors)).toEqual({});
    expect(colorsFromPreference({ parcel_street: '#ff0000' })).toEqual(changed);
    expect(parseColors('{"parcel_street":"#ff0000"}')).toEqual(changed);
    expect(colorsFromPreference(undefined)).toEqual(defaultColors);
  });
});
