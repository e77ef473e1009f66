// The #insights tab: opened by the hash (any link to #insights), closed by its close button. The place
// is the one the URL names, else the working place for the zoom; the tab's own selector can widen it.
import { atom } from 'jotai';
import { hashHas } from '../../state/url.ts';

export const insightsHashKey = 'insights';

export function hashOpensInsights(hash: string): boolean {
  return hashHas(hash, insightsHashKey);
}

// Read when the module loads, before the map's first move rewrites the hash without the key.
export const insightsOpenAtom = atom(typeof location !== 'undefined' && hashOpensInsights(location.hash));
/** A place chosen in the tab's selector (a breadcrumb), overriding the working place until the tab closes. */
export const insightsChosenPathAtom = atom<string | null>(null);
