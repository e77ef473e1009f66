// Saving the working boundary as the project home (spec 2 and 4): a button in the project panel, and
// in the place header the offer "Save your project home to {place}?" for signed-in users with a project
// who are not on its place. Both show "Saving..." while the set-root call is in flight; its failure is
// only logged (spec 8).
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import type { PlaceRef } from '@parcel-map/contracts/map/places';
import { atPointAtom } from '../../state/selection.ts';
import { viewAtom } from '../../state/view.ts';
import { signedInAtom } from '../../state/session.ts';
import { placeForZoom } from '../../model/place-name.ts';
import { canEditProjectAtom, currentProjectAtom, type Project } from '../../state/project.ts';
import { setProjectRoot } from './project-actions.ts';

function useSetRoot(project: Project, place: Pick<PlaceRef, 'path'>) {
  const setProject = useSetAtom(currentProjectAtom);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      setProject(await setProjectRoot(project, place.path));
    } catch (error) {
      console.warn(`set project home: ${(error as Error).message}`);
    } finally {
      setSaving(false);
    }
  };
  return { saving, save };
}

export function SaveHomeButton({ project, place }: { project: Project; place: PlaceRef }) {
  const { saving, save } = useSetRoot(project, place);
  return (
    <button type="button" data-testid="project-set-home" disabled={saving} onClick={() => void save()}>
      {saving ? 'Saving...' : `Save ${place.name} as project home`}
    </button>
  );
}

function Prompt({ project, place }: { project: Project; place: PlaceRef }) {
  const { saving, save } = useSetRoot(project, place);
  return (
    <button
      type="button"
      className="link-button small save-home-prompt"
      data-testid="save-home-prompt"
      disabled={saving}
      onClick={() => void save()}
    >
      {saving ? 'Saving...' : `Save your project home to ${place.name}?`}
    </button>
  );
}

export function SaveHomePrompt() {
  const project = useAtomValue(currentProjectAtom);
  const canEdit = useAtomValue(canEditProjectAtom);
  const signedIn = useAtomValue(signedInAtom);
  const at = useAtomValue(atPointAtom);
  const view = useAtomValue(viewAtom);
  const place = placeForZoom(at, view.zoom);
  if (!project || !signedIn || !canEdit || !place || place.path === project.root.path) return null;
  return <Prompt project={project} place={place} />;
}
