// Keeps survey-styled maps live: the project's first survey is the one @status rules read until the
// panel chooses another (a reopened project's saved @status rules then render), and while the applied
// source reads a survey, the server's version events swap that one source's tile URLs, so a new post
// recolours its parcel on every open map without a reload (within 2 s), and the surveys panel's
// post count follows from the same event (surveyPostsSignalAtom). A guest of a shared
// project reads through its share token (?share=), which the server checks on every call.
import { useAtomValue } from 'jotai';
import type { VectorTileSource } from 'maplibre-gl';
import { useEffect } from 'react';
import { apiUrl } from '../../api/client.ts';
import { mapAtom } from '../../state/view.ts';
import { currentProjectAtom, projectRefAtom } from '../../state/project.ts';
import { hasSiteControlAtom } from '../../state/session.ts';
import { store } from '../../state/store.ts';
import { activeStyleAtom, appliedSourceAtom } from '../../state/style-rules.ts';
import { styleSurveyAtom, surveyPostsSignalAtom } from '../../state/survey.ts';
import { applyStyleAtom } from '../style-rules/apply-style.ts';
import { styleRulesSourceId } from '../style-rules/style-rules-layer.ts';
import { listSurveys } from './api.ts';

const readsSurvey = () => store.get(activeStyleAtom).rules.some((r) => r.field.startsWith('@'));

export function SurveyLive() {
  const project = useAtomValue(currentProjectAtom);
  const siteControl = useAtomValue(hasSiteControlAtom);
  const survey = useAtomValue(styleSurveyAtom);
  const applied = useAtomValue(appliedSourceAtom);
  const map = useAtomValue(mapAtom);
  const share = useAtomValue(projectRefAtom)?.share ?? null;

  useEffect(() => {
    if (!project || (!siteControl && share === null) || store.get(styleSurveyAtom) !== null) return;
    void listSurveys(project.id, share)
      .then((list) => {
        if (store.get(styleSurveyAtom) === null && list.sources[0]) store.set(styleSurveyAtom, list.sources[0].id);
      })
      .catch(() => {});
  }, [project, siteControl, share]);

  // A survey chosen after @status rules were applied: apply them again, now reading that survey.
  useEffect(() => {
    if (survey === null || !readsSurvey()) return;
    void store.set(applyStyleAtom, store.get(activeStyleAtom)).catch(() => {});
  }, [survey]);

  useEffect(() => {
    const surveyOf = (applied as { query?: { survey?: number } } | null)?.query?.survey;
    if (!map || !applied || surveyOf === undefined) return;
    const events = new EventSource(apiUrl(`/api/v1/sources/${applied.id}/live`, { share: share ?? undefined }));
    let seen: string | null = null;
    events.addEventListener('version', (event) => {
      const { tiles, version } = JSON.parse((event as MessageEvent<string>).data) as {
        tiles: string[];
        version: string;
      };
      const source = map.getSource(styleRulesSourceId) as VectorTileSource | undefined;
      if (source && source.tiles?.[0] !== tiles[0]) source.setTiles(tiles);
      // The stream opens with the current version; a later one means the posts (or the source) moved.
      if (seen !== null && version !== seen) store.set(surveyPostsSignalAtom, (n) => n + 1);
      seen = version;
    });
    return () => events.close();
  }, [map, applied, share]);

  return null;
}
