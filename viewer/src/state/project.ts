// Project mode state. The current project is the saved map the URL names (null outside project mode);
// the active filters are the query filters in force on the map (a project's saved filters, or an
// owner highlight), posted with the style rules to the sources API.
import { atom } from 'jotai';
import type { ProjectRef } from './url.ts';
import type { Filters } from '../model/style-rules.ts';

export interface FocusArea {
  id: number;
  name: string;
  description: string;
  headline: string;
  acres: number;
  geometry: { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown[] };
  folder?: string;
}

/** GET /g/{group}/maps/{slug}.json */
export interface Project {
  id: number;
  name: string;
  slug: string;
  path: string;
  url: string;
  query: { path: string; filters: Filters };
  root: { name: string; path: string; headline: string };
  styles: unknown[];
  regions: { folder: string; focus_areas: FocusArea[] }[];
  /** update: save and edit; manage: delete and share (the account's managers and the project's creator). */
  permissions: { update: boolean; manage?: boolean };
  group: { path: string };
  shared: boolean;
  sharer: string | null;
  created_at: string;
  updated_at: string;
}

/** The project the URL names (/g/{group}/maps/{slug}), fixed at start; null outside project mode. */
export const projectRefAtom = atom<ProjectRef | null>(null);
/** The project the URL names, or null outside project mode (and until it has loaded). */
export const currentProjectAtom = atom<Project | null>(null);
/** Spec 6: Save, Delete and focus-area editing need permissions.update (the server checks it too). */
export const canEditProjectAtom = atom((get) => get(currentProjectAtom)?.permissions.update === true);
/** The query filters in force on the map (a project's filters, or the owner highlight's owner filter). */
export const activeFiltersAtom = atom<Filters>({});
/** Bumped to make the project loader fetch the current project again (after a focus area change). */
export const projectRevisionAtom = atom(0);
export const reloadProjectAtom = atom(null, (get, set) => set(projectRevisionAtom, get(projectRevisionAtom) + 1));
