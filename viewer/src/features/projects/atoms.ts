// The projects feature's own state: how loading the URL's project went, who may manage it, and the
// new-project dialog. The project itself and its filters are shared (state/project.ts).
import { atom } from 'jotai';
import type { Remote } from '../../api/use-remote.ts';
import { currentProjectAtom } from '../../state/project.ts';

/** Outside project mode 'none'; the project itself is currentProjectAtom once done. */
export type ProjectLoad = { status: 'none' } | Remote<void>;
export const projectLoadAtom = atom<ProjectLoad>({ status: 'none' });
/** Delete, Share and Stop sharing: the account's managers and the project's creator (the server checks it too). */
export const canManageProjectAtom = atom((get) => get(currentProjectAtom)?.permissions.manage === true);
/** The new-project dialog (opened by New, by the Projects dashboard and by #a=new-project). */
export const newProjectOpenAtom = atom(false);
