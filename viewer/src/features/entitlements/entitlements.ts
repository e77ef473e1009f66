// What the caller's real level unlocks on the map (map.md sections 2, 4, 6): label tiles, the
// additional layers the catalogue marks paid (admin layers: admins only) and 3D terrain need site
// control (Pro, Team); the zoom display is for admins. The server enforces the same (the static layer tiles answer 403); these decide the controls.
import type { CatalogueLayer } from '@parcel-map/contracts/map/layers';
import { activeLayersAtom } from '../../state/layers.ts';
import { catalogueAtom } from '../../state/server-config.ts';
import { hasSiteControlAtom, isAdminAtom, sessionLoadedAtom } from '../../state/session.ts';
import { store } from '../../state/store.ts';

export const upgradeToProHref = '/plans#p=level1';

/** The spec's upsell: "{features} are available to Pro customers", with Upgrade to Pro. */
export function upsellText(features: string): string {
  return `${features} are available to Pro customers.`;
}

/** Layers that need site control when the catalogue does not say (their tiles answer 403 to everyone else). */
export const siteControlLayers: readonly string[] = ['flood', 'wetlands'];

/** Active layers the caller may still draw: switching off the ones a lost entitlement closes. */
export function entitledLayers(
  active: string[],
  hasSiteControl: boolean,
  catalogue: CatalogueLayer[] = [],
  admin = false,
): string[] {
  return active.filter((id) => {
    const access = catalogue.find((l) => l.id === id)?.access;
    if (access === 'admin') return admin;
    if (access === 'paid' || (access === undefined && siteControlLayers.includes(id))) return hasSiteControl;
    return true;
  });
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
    const allowed = entitledLayers(
      active,
      store.get(hasSiteControlAtom),
      store.get(catalogueAtom),
      store.get(isAdminAtom),
    );
    if (allowed.length !== active.length) store.set(activeLayersAtom, allowed);
  };
  store.sub(hasSiteControlAtom, enforce);
  store.sub(sessionLoadedAtom, enforce);
  store.sub(activeLayersAtom, enforce);
  store.sub(catalogueAtom, enforce);
}
