// The rules of focus areas (map.md sections 2, 4, 5, 8), kept pure so they are unit-tested: which of
// the group's areas a project can still add (not attached, sorted case-insensitively by headline), the
// form's rules (a name over 2 characters, smaller than 80 square miles, not while saving, only with a
// project the caller may change), and how a fetch of the list or a failed save reads.
import type { LonLat } from '@parcel-map/contracts/map/places';
import type { Remote } from '../../api/use-remote.ts';
import type { FocusArea, Project } from '../../state/project.ts';

/** Spec 5: a focus area must be smaller than 80 square miles. */
export const maxSquareMiles = 80;
export const squareMetersPerSquareMile = 2_589_988.110336;
export const squareMetersPerAcre = 4046.8564224;
export const tooLargeText = 'Focus Area is too large. Please select an area smaller than 80 square miles.';
export const namePlaceholder = 'Name this focus area (required)';
export const onlyWithProjectText = 'Focus areas are usable only with a project.';
export const addFailedText = "We're sorry, we were not able to add that focus area";
export const removeFailedText = "We're sorry, we were not able to remove that focus area";
export const invalidDataText = 'Invalid data structure from server';
export const docsUrl = 'https://support.parcel-map.org/focus-areas';

export function isTooLarge(squareMeters: number): boolean {
  return squareMeters >= maxSquareMiles * squareMetersPerSquareMile;
}

/** Spec 5: the name is required, and submit stays disabled until it is longer than 2 characters. */
export function nameReady(name: string): boolean {
  return name.trim().length > 2;
}

export interface FormState {
  name: string;
  squareMeters: number;
  points: number;
  saving: boolean;
  project: Pick<Project, 'permissions'> | null;
}

export function canSave(form: FormState): boolean {
  return (
    form.project !== null &&
    form.project.permissions.update &&
    form.points >= 3 &&
    nameReady(form.name) &&
    !isTooLarge(form.squareMeters) &&
    !form.saving
  );
}

/** The drawn ring as the GeoJSON polygon the server stores (closed: the first corner repeated). */
export function shapeOf(points: LonLat[]): { type: 'Polygon'; coordinates: LonLat[][] } {
  return { type: 'Polygon', coordinates: [[...points, points[0]!]] };
}

/** Every focus area of the project, across its folders. */
export function attachedAreas(project: Pick<Project, 'regions'> | null): FocusArea[] {
  return (project?.regions ?? []).flatMap((r) => r.focus_areas.map((f) => ({ ...f, folder: f.folder ?? r.folder })));
}

/** Spec 5: an area already attached is not offered again; the rest sorted by headline, ignoring case. */
export function attachable(all: FocusArea[], attached: Pick<FocusArea, 'id'>[]): FocusArea[] {
  const taken = new Set(attached.map((f) => f.id));
  return all
    .filter((f) => !taken.has(f.id))
    .sort((a, b) => a.headline.localeCompare(b.headline, 'en', { sensitivity: 'base' }) || a.id - b.id);
}

function isFocusArea(value: unknown): value is FocusArea {
  const f = value as Partial<FocusArea> | null;
  return (
    !!f &&
    typeof f.id === 'number' &&
    typeof f.name === 'string' &&
    typeof f.headline === 'string' &&
    typeof f.acres === 'number'
  );
}

/** Spec 8: a failed answer reads "Server responded with {status}", a malformed one "Invalid data structure from server". */
export function readFocusAreaList(status: number, body: unknown): Remote<FocusArea[]> {
  if (status < 200 || status >= 300) return { status: 'failed', message: `Server responded with ${status}` };
  const list =
    (body as { focus_areas?: unknown; neighborhoods?: unknown } | null)?.focus_areas ??
    (body as { neighborhoods?: unknown } | null)?.neighborhoods;
  if (!Array.isArray(list) || !list.every(isFocusArea)) return { status: 'failed', message: invalidDataText };
  return { status: 'done', value: list.map((f) => ({ ...f, description: f.description ?? '' })) };
}

/** A failed save in words: the server's own message (the invalid polygon, the plan limit), else the status. */
export function saveErrorText(error: unknown): string {
  const e = error as { status?: number; message?: string; code?: string } | null;
  if (e?.status === 401) return 'Sign in to save focus areas.';
  if (e?.message && e.code && e.code !== 'HTTP_ERROR') return e.message;
  return e?.status
    ? `Server responded with ${e.status}`
    : 'The focus area could not be saved. Check your connection and try again.';
}

/** [west, south, east, north] of a polygon or multipolygon (for zooming to a focus area). */
export function boundsOf(geometry: FocusArea['geometry']): [number, number, number, number] {
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  const visit = (value: unknown): void => {
    if (Array.isArray(value) && typeof value[0] === 'number') {
      const [x, y] = value as [number, number];
      w = Math.min(w, x);
      e = Math.max(e, x);
      s = Math.min(s, y);
      n = Math.max(n, y);
    } else if (Array.isArray(value)) value.forEach(visit);
  };
  visit(geometry.coordinates);
  return [w, s, e, n];
}
