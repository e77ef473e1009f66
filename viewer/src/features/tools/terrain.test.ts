import { describe, expect, it } from 'vitest';
import { terrainCamera } from './terrain.ts';

describe('3D terrain camera', () => {
  it('pitches to 60 below zoom 14 and to 45 from zoom 14', () => {
    expect(terrainCamera(12)).toEqual({ pitch: 60, zoom: 12 });
    expect(terrainCamera(14)).toEqual({ pitch: 45, zoom: 14 });
  });

  it('caps the zoom at 17', () => {
    expect(terrainCamera(19.5)).toEqual({ pitch: 45, zoom: 17 });
  });
});
