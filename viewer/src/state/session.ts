// Who is using the viewer. Until accounts exist everyone is an anonymous visitor; paid features
// (3D terrain, label tiles) check this, and the server decides which fields each level sees.
import { atom } from 'jotai';

export type Level = 'anonymous' | 'free' | 'pro' | 'team' | 'admin';

export const levelAtom = atom<Level>('anonymous');
export const hasSiteControlAtom = atom((get) => ['pro', 'team', 'admin'].includes(get(levelAtom)));
