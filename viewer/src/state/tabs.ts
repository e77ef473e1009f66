// The hash-opened tabs (#insights, #export, #overview, #settings, #upgrade): opened by the hash (any link to it) or the side navigation,
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

/** The side pane's #overview, #settings and #upgrade tabs (spec: side pane hash tabs); one open at a time. */
export const paneTabs = ['overview', 'settings', 'upgrade'] as const;
export type PaneTab = (typeof paneTabs)[number];

/** The tab a hash names, or null (`#overview`, `#settings&base=street`). */
export function paneTabOfHash(hash: string): PaneTab | null {
  return paneTabs.find((tab) => hashHas(hash, tab)) ?? null;
}

export const paneTabAtom = atom<PaneTab | null>(typeof location !== 'undefined' ? paneTabOfHash(location.hash) : null);
