// The Surveys panel of a project (spec 2 and 4): the chooser ("Choose a survey to edit" with "Create a
// new survey" and the project's surveys), the hint, the situation's message, the editor, and for a
// saved survey: the surveyor's form link, the csv download and colouring the map by @status. A guest
// of a shared project (?share=) sees its surveys read-only: under the promo or upgrade message when
// not signed in or without site control, else with the no-permission message; never a new survey.
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { currentProjectAtom, projectRefAtom } from '../../state/project.ts';
import { hasSiteControlAtom, signedInAtom } from '../../state/session.ts';
import { styleSurveyAtom, surveyPostsSignalAtom } from '../../state/survey.ts';
import { panelAtom } from '../../state/ui.ts';
import { Panel } from '../../ui/panel.tsx';
import { surveyTexts } from '@parcel-map/contracts/workspace/surveys';
import { blankDraft, type Draft } from './editor-rules.ts';
import { situationOf } from './situation.ts';
import { SurveyEditor } from './survey-editor.tsx';
import { SurveyResults } from './survey-results.tsx';
import {
  draftOf,
  listPresets,
  listSurveys,
  saveSurvey,
  type SurveyPreset,
  type SurveySource,
  type SurveyUpsell,
} from './api.ts';
import './surveys.css';

const NEW = 'new';

export function SurveyPanel() {
  const setPanel = useSetAtom(panelAtom);
  const project = useAtomValue(currentProjectAtom);
  const signedIn = useAtomValue(signedInAtom);
  const siteControl = useAtomValue(hasSiteControlAtom);
  const share = useAtomValue(projectRefAtom)?.share ?? null;
  // Members (and admins) may change the project; anyone else here holds its share link.
  const member = project?.permissions.update === true;
  const canBuild = signedIn && siteControl;
  const setStyleSurvey = useSetAtom(styleSurveyAtom);
  const postsSignal = useAtomValue(surveyPostsSignalAtom);
  const [sources, setSources] = useState<SurveySource[]>([]);
  const [upsell, setUpsell] = useState<SurveyUpsell | null>(null);
  const [presets, setPresets] = useState<SurveyPreset[]>([]);
  const [activeId, setActiveId] = useState<number | typeof NEW>(NEW);
  const [draft, setDraft] = useState<Draft>(blankDraft);
  const [saved, setSaved] = useState<Draft>(draft);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  // The editor opens once the project's surveys are known: opening it earlier let the list's arrival
  // replace what the user had already typed.
  const [loaded, setLoaded] = useState(false);

  const choose = (id: number | typeof NEW, list = sources) => {
    const source = id === NEW ? undefined : list.find((s) => s.id === id);
    const next = source ? draftOf(source) : blankDraft();
    setActiveId(source ? source.id : NEW);
    setDraft(next);
    setSaved(structuredClone(next));
    setNotice(null);
    if (source) setStyleSurvey(source.id);
  };

  useEffect(() => {
    if (!project || (!canBuild && share === null)) return;
    let live = true;
    setLoaded(false);
    void Promise.all([listSurveys(project.id, share), canBuild ? listPresets() : []])
      .then(([list, ready]) => {
        if (!live) return;
        setSources(list.sources);
        setUpsell(list.upsell);
        setPresets(ready);
        setLoaded(true);
        // Spec 4: the active source starts as the first survey, or a new unsaved one.
        choose(list.sources[0]?.id ?? NEW, list.sources);
      })
      .catch((error: unknown) => {
        console.warn(`surveys: ${(error as Error).message}`);
        if (live) setLoaded(true);
      });
    return () => {
      live = false;
    };
  }, [canBuild, project?.id, share]);

  // A post seen by the map's live stream: re-read the counts only, so an open edit is left alone.
  useEffect(() => {
    if (postsSignal === 0 || !project || (!canBuild && share === null)) return;
    let live = true;
    void listSurveys(project.id, share)
      .then((list) => {
        if (!live) return;
        const counts = new Map(list.sources.map((s) => [s.id, s.count]));
        setSources((current) => current.map((s) => ({ ...s, count: counts.get(s.id) ?? s.count })));
      })
      .catch((error: unknown) => console.warn(`surveys: ${(error as Error).message}`));
    return () => {
      live = false;
    };
  }, [postsSignal]);

  const active = activeId === NEW ? null : (sources.find((s) => s.id === activeId) ?? null);
  const situation = situationOf({
    signedIn,
    siteControl,
    hasProject: project !== null,
    active,
    upsell,
    guest: project !== null && !member,
  });
  const waiting = canBuild && project !== null && !loaded;
  const guestReads = (situation.kind === 'promo' || situation.kind === 'upgrade') && active !== null;
  const editorShown =
    guestReads ||
    (!waiting && (situation.kind === 'editing' || situation.kind === 'creating' || situation.kind === 'no-permission'));

  const save = async () => {
    if (!project || saving) return;
    setSaving(true);
    try {
      const answer = await saveSurvey(draft, project.id, active?.id ?? null);
      const list = active ? sources.map((s) => (s.id === answer.id ? answer : s)) : [...sources, answer];
      setSources(list);
      choose(answer.id, list);
      setNotice(surveyTexts.saved);
    } catch (error) {
      // Spec 8: a failed survey save is only logged.
      console.warn(`survey save: ${(error as Error).message}`);
    } finally {
      setSaving(false);
    }
  };

  const chooser = editorShown && (
    <label className="survey-chooser">
      <span className="small muted">{surveyTexts.chooserLabel}</span>
      <select
        data-testid="survey-chooser"
        aria-label={surveyTexts.chooserLabel}
        value={String(activeId)}
        onChange={(e) => choose(e.target.value === NEW ? NEW : Number(e.target.value))}
      >
        {member && <option value={NEW}>{surveyTexts.createNew}</option>}
        {sources.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <Panel title="Surveys" testId="survey-panel" onClose={() => setPanel(null)} className="survey-panel">
      {!guestReads && chooser}
      <p className="muted small survey-hint">{surveyTexts.hint}</p>
      {waiting && <p className="muted small">Loading surveys...</p>}
      {!waiting && situation.message && (
        <p className="survey-message" data-testid="survey-message" role="status">
          {situation.message}
        </p>
      )}
      {situation.kind === 'blocked' && situation.hint && (
        <p className="small" data-testid="survey-upgrade-hint">
          <a href="/plans">{situation.hint}</a>
        </p>
      )}
      {(situation.kind === 'promo' || situation.kind === 'upgrade') && (
        <a className="button" href={signedIn ? '/plans' : '#signup-signin'}>
          {signedIn ? 'Upgrade to Pro' : 'Sign in'}
        </a>
      )}
      {notice && (
        <p className="survey-saved" data-testid="survey-saved" role="status">
          {notice}
        </p>
      )}
      {/* A guest's surveys come under the promo or upgrade message and its link (spec 4's order). */}
      {guestReads && chooser}
      {editorShown && (
        <SurveyEditor
          draft={draft}
          saved={saved}
          readOnly={situation.readOnly}
          saving={saving}
          presets={presets}
          others={sources.filter((s) => s.id !== activeId)}
          onChange={setDraft}
          onSave={() => void save()}
        />
      )}
      {active && <SurveyResults survey={active} guest={!member} />}
    </Panel>
  );
}
