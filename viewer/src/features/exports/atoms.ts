// The #export tab: opened by the hash (any link to #export), closed by its close button.
import { atom } from 'jotai';
import { hashHas } from '../../state/url.ts';

export const exportHashKey = 'export';

export function hashOpensExport(hash: string): boolean {
  return hashHas(hash, exportHashKey);
}

// Read when the module loads, before the map's first move rewrites the hash without the key.
export const exportOpenAtom = atom(typeof location !== 'undefined' && hashOpensExport(location.hash));
