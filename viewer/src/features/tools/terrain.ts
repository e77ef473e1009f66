// 2D/3D (spec 4): 3D eases pitch to 60 below zoom 14, else 45, and caps zoom at 17, over 500 ms; 2D eases
// pitch and bearing back to 0. 3D is for site-control (paid) users; others get a 5-second notice.

export const terrainEaseMs = 500;
export const terrainMaxZoom = 17;
export const terrainExaggeration = 1.5;
export const terrainNotice = '3D terrain is available to Pro customers. Upgrade to Pro to use it.';

export function terrainCamera(zoom: number): { pitch: number; zoom: number } {
  return { pitch: zoom < 14 ? 60 : 45, zoom: Math.min(zoom, terrainMaxZoom) };
}
