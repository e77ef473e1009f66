// The focus-area calls of map.md section 7: GET and POST /neighborhoods.json, and a project's
// settings/add_focus.json and remove_focus.json (answering the project with its regions).
import { apiUrl, sendJson } from '../../api/client.ts';
import type { LonLat } from '@parcel-map/contracts/map/places';
import type { FocusArea, Project } from '../../state/project.ts';
import type { Remote } from '../../api/use-remote.ts';
import { readFocusAreaList, shapeOf } from './focus-areas.ts';

/** The group's focus areas; never throws: a failure is the "failed" state with the spec's text. */
export async function fetchFocusAreas(signal?: AbortSignal): Promise<Remote<FocusArea[]>> {
  let response: Response;
  try {
    response = await fetch(apiUrl('/neighborhoods.json'), { signal, headers: { Accept: 'application/json' } });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    return { status: 'failed', message: 'Server responded with 0' };
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON: readFocusAreaList calls it an invalid data structure (or the status, if not OK).
  }
  return readFocusAreaList(response.status, body);
}

export interface SavedFocusArea {
  id: number;
  path: string;
  map_slug: string | null;
  map_regions: Project['regions'] | null;
}

export function saveFocusArea(input: {
  name: string;
  description: string;
  points: LonLat[];
  project: Pick<Project, 'slug'>;
}): Promise<SavedFocusArea> {
  return sendJson<SavedFocusArea>('POST', '/neighborhoods.json', {
    name: input.name.trim(),
    description: input.description.trim(),
    shape: shapeOf(input.points),
    map_slug: input.project.slug,
  });
}

export function addFocus(project: Pick<Project, 'path'>, area: Pick<FocusArea, 'id'>, folder = ''): Promise<Project> {
  return sendJson<Project>('POST', `${project.path}/settings/add_focus.json`, { id: area.id, folder });
}

export function removeFocus(project: Pick<Project, 'path'>, area: Pick<FocusArea, 'id'>): Promise<Project> {
  return sendJson<Project>('POST', `${project.path}/settings/remove_focus.json`, { id: area.id });
}
