// The surveys calls (spec 7): the list, presets, create and update. Shapes come from the server's schema.
import { getJson, sendJson } from '../../api/client.ts';
import type { SurveyPreset, SurveySource, SurveyUpsell } from '@parcel-map/contracts/workspace/surveys';
import { type Draft, saveBody } from './editor-rules.ts';

export type { SurveyPreset, SurveySource, SurveyUpsell };

/** A guest of a shared project passes its share token: the server then lists that project's surveys read-only. */
export function listSurveys(
  mapId?: number,
  share?: string | null,
): Promise<{ sources: SurveySource[]; upsell: SurveyUpsell }> {
  return getJson('/sources.json', { type: 'survey', group: 'false', map_id: mapId, share: share ?? undefined });
}

export async function listPresets(): Promise<SurveyPreset[]> {
  return (await getJson<{ presets: SurveyPreset[] }>('/sources/presets.json')).presets;
}

/** New surveys are POSTed, existing ones PUT (spec 7). */
export function saveSurvey(
  draft: Draft,
  mapId: number,
  id: number | null,
): Promise<SurveySource & { message: string }> {
  const body = saveBody(draft, mapId, id);
  return id === null ? sendJson('POST', '/surveys.json', body) : sendJson('PUT', `/surveys/${id}.json`, body);
}

export const draftOf = (s: Pick<SurveySource, 'name' | 'questions' | 'photo_required'>): Draft => ({
  name: s.name,
  questions: structuredClone(s.questions),
  photoRequired: s.photo_required,
});

export const surveyFormHref = (id: number, parcelPath?: string | null) =>
  `/survey/${id}${parcelPath ? `?parcel=${encodeURIComponent(parcelPath)}` : ''}`;
