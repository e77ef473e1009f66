// The form after drawing with Draw Focus Area (map.md sections 2, 5): the size rule, then a name
// (required, over 2 characters), an optional description and Save, posted to /neighborhoods.json with
// the current project's slug. Focus areas exist only in a project the caller may change.
import { useAtomValue, useSetAtom } from 'jotai';
import { useState, type FormEvent } from 'react';
import type { LonLat } from '@parcel-map/contracts/map/places';
import { startTool } from '../../map/tools/tool-actions.ts';
import { panelAtom, showAlertAtom } from '../../state/ui.ts';
import { currentProjectAtom } from '../../state/project.ts';
import { saveFocusArea } from './api.ts';
import { applyFocusAreaChangeAtom } from './atoms.ts';
import {
  canSave,
  isTooLarge,
  namePlaceholder,
  nameReady,
  onlyWithProjectText,
  saveErrorText,
  tooLargeText,
} from './focus-areas.ts';
import './focus-areas.css';

export function FocusAreaForm({
  points,
  finished,
  squareMeters,
}: {
  points: LonLat[];
  finished: boolean;
  squareMeters: number;
}) {
  const project = useAtomValue(currentProjectAtom);
  const changed = useSetAtom(applyFocusAreaChangeAtom);
  const setPanel = useSetAtom(panelAtom);
  const alert = useSetAtom(showAlertAtom);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const tooLarge = isTooLarge(squareMeters);
  const ready = canSave({ name, squareMeters, points: points.length, saving, project });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // Spec 5: submit does nothing while the name is too short, the shape too large, or a save runs.
    if (!ready || !project) return;
    setSaving(true);
    setError(null);
    try {
      const saved = await saveFocusArea({ name, description, points, project });
      changed(saved.map_regions);
      alert({ text: `Focus area ${name.trim()} saved.`, kind: 'info' });
      startTool(null);
      setPanel('focus-areas');
    } catch (failure) {
      // The drawing and the typed name stay, so nothing is lost.
      setError(saveErrorText(failure));
      setSaving(false);
    }
  };

  // Without a project the form still shows (Save disabled) with the way to make one; a read-only
  // project shows no editing controls at all (spec 5).
  const editable = !project || project.permissions.update;
  return (
    <div className="focus-form-wrap">
      {tooLarge && (
        <p className="error" data-testid="focus-area-too-large">
          {tooLargeText}
        </p>
      )}
      {!project && (
        <p className="focus-note" data-testid="focus-area-no-project">
          {onlyWithProjectText}{' '}
          <a href="#a=new-project" data-testid="focus-area-new-project">
            Create Project
          </a>
        </p>
      )}
      {project && !project.permissions.update && (
        <p className="muted small" data-testid="focus-area-read-only">
          You can view this project but not change its focus areas.
        </p>
      )}
      {finished && points.length >= 3 && editable && (
        <form className="focus-form" data-testid="focus-area-form" aria-busy={saving} onSubmit={(e) => void submit(e)}>
          <input
            aria-label="Focus area name"
            data-testid="focus-area-name"
            placeholder={namePlaceholder}
            maxLength={100}
            value={name}
            disabled={saving}
            onChange={(e) => setName(e.target.value)}
          />
          <textarea
            aria-label="Description (optional)"
            data-testid="focus-area-description"
            placeholder="Description (optional)"
            maxLength={2000}
            rows={2}
            value={description}
            disabled={saving}
            onChange={(e) => setDescription(e.target.value)}
          />
          {!nameReady(name) && name.length > 0 && <p className="muted small">The name needs more than 2 characters.</p>}
          <button type="submit" className="button primary" data-testid="focus-area-save" disabled={!ready}>
            {saving ? 'Saving...' : 'Save'}
          </button>
          {error && (
            <p className="error" role="alert" data-testid="focus-area-error">
              {error}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
