// The hash-opened tabs (#insights, #export): opened by the hash (any link to it) or the side navigation,
// closed by their close buttons. Shared by the side navigation and the tabs themselves.
import { atom } from 'jotai';
import { hashHas } from './url.ts';

export const insightsHashKey = 'insights';
export const exportHashKey = 'export';

export function hashOpensInsights(hash: string): boolean {
  return hashHas(hash, insightsHashKey);
}

export function hashOpensExport(hash: string): boolean {
  return hashHas(hash, exportHashKey);
}

// Read when the module loads, before the map's first move rewrites the hash without the key.
export const insightsOpenAtom = atom(typeof location !== 'undefined' && hashOpensInsights(location.hash));
export const exportOpenAtom = atom(typeof location !== 'undefined' && hashOpensExport(location.hash));
