// What the caller's real level unlocks on the map (map.md sections 2, 4, 6): label tiles, the
// additional layers (flood, wetlands) and 3D terrain need site control (Pro, Team); the zoom display is
// for admins. The server enforces the same (the static layer tiles answer 403); these decide the controls.
import { activeLayersAtom } from '../../state/layers.ts';
import { hasSiteControlAtom, sessionLoadedAtom } from '../../state/session.ts';
import { store } from '../../state/store.ts';

export const upgradeToProHref = '/plans#p=level1';

/** The spec's upsell: "{features} are available to Pro customers", with Upgrade to Pro. */
export function upsellText(features: string): string {
  return `${features} are available to Pro customers.`;
}

/** Layers that need site control (their tiles answer 403 to everyone else). */
export const siteControlLayers: readonly string[] = ['flood', 'wetlands'];

/** Active layers the caller may still draw: switching off the ones a lost entitlement closes. */
export function entitledLayers(active: string[], hasSiteControl: boolean): string[] {
  return hasSiteControl ? active : active.filter((id) => !siteControlLayers.includes(id));
}

/** Highlights of a parcel outside the US are a site-control feature: others see the upsell view. */
export function highlightsUpsell(parcelPath: string, hasSiteControl: boolean): boolean {
  return !hasSiteControl && !parcelPath.startsWith('/us/');
}

/** After sign-out (or a plan that ends) no layer stays on whose tiles the server now refuses. */
export function startEntitlements(): void {
  const enforce = () => {
    if (!store.get(sessionLoadedAtom)) return;
    const active = store.get(activeLayersAtom);
    const allowed = entitledLayers(active, store.get(hasSiteControlAtom));
    if (allowed.length !== active.length) store.set(activeLayersAtom, allowed);
  };
  store.sub(hasSiteControlAtom, enforce);
  store.sub(sessionLoadedAtom, enforce);
  store.sub(activeLayersAtom, enforce);
}
