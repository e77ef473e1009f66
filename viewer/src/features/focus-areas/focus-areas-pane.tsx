// The Focus Areas pane (map.md sections 2, 4, 5, 8): the project boundary, the focus areas attached to
// the project (remove buttons only with permissions.update), a documentation link, and the group's
// other focus areas to add (not attached, sorted case-insensitively by headline). Adding or removing
// shows a spinner; on success the project and the map's focus areas reload, on failure the spec's alert.
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { startTool } from '../../map/tools/tool-actions.ts';
import { panelAtom, showAlertAtom } from '../../state/ui.ts';
import { Panel } from '../../ui/panel.tsx';
import { canEditProjectAtom, currentProjectAtom, type FocusArea } from '../../state/project.ts';
import { AreaUnitSelect } from '../units/unit-select.tsx';
import { addFocus, removeFocus } from './api.ts';
import { applyFocusAreaChangeAtom } from './atoms.ts';
import { FocusAreaCard } from './focus-area-cards.tsx';
import {
  addFailedText,
  attachable,
  attachedAreas,
  docsUrl,
  onlyWithProjectText,
  removeFailedText,
} from './focus-areas.ts';
import { useFocusAreaList } from './use-focus-area-list.ts';
import './focus-areas.css';

export function FocusAreasPane() {
  const project = useAtomValue(currentProjectAtom);
  const canEdit = useAtomValue(canEditProjectAtom);
  const setPanel = useSetAtom(panelAtom);
  const changed = useSetAtom(applyFocusAreaChangeAtom);
  const alert = useSetAtom(showAlertAtom);
  const list = useFocusAreaList(project !== null && canEdit);
  const [busy, setBusy] = useState<number | null>(null);
  const attached = attachedAreas(project);

  const run = async (area: FocusArea, action: 'add' | 'remove') => {
    if (!project || busy !== null) return;
    setBusy(area.id);
    try {
      const answer = action === 'add' ? await addFocus(project, area) : await removeFocus(project, area);
      changed(answer.regions);
    } catch (error) {
      console.warn(`${action} focus area: ${(error as Error).message}`);
      alert({ text: action === 'add' ? addFailedText : removeFailedText, kind: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const draw = () => {
    setPanel('tools');
    startTool('drawFocusArea');
  };

  return (
    <Panel title="Focus Areas" testId="focus-areas-pane" onClose={() => setPanel(null)}>
      {!project ? (
        <p data-testid="focus-areas-no-project">
          {onlyWithProjectText} <a href="#a=new-project">Create Project</a>
        </p>
      ) : (
        <>
          <section className="focus-boundary" data-testid="focus-project-boundary">
            <h3>Project Boundary</h3>
            <p>{project.root.headline || project.root.name}</p>
          </section>
          <section>
            <div className="focus-heading">
              <h3>In this project</h3>
              <AreaUnitSelect testId="focus-area-unit" />
            </div>
            {attached.length === 0 && (
              <p className="muted small" data-testid="focus-areas-empty">
                No focus areas in this project yet.
              </p>
            )}
            <ul className="focus-list" data-testid="focus-areas-attached">
              {attached.map((area) => (
                <FocusAreaCard
                  key={area.id}
                  area={area}
                  action={canEdit ? 'remove' : undefined}
                  busy={busy === area.id}
                  disabled={busy !== null}
                  onAction={() => void run(area, 'remove')}
                />
              ))}
            </ul>
            {canEdit && (
              <button type="button" className="button" data-testid="focus-area-draw" onClick={draw}>
                Draw Focus Area
              </button>
            )}
            <p className="small">
              <a href={docsUrl} target="_blank" rel="noreferrer" data-testid="focus-areas-docs">
                About focus areas
              </a>
            </p>
          </section>
          {canEdit && (
            <section data-testid="focus-areas-available" data-state={list.status}>
              <h3>Add a focus area</h3>
              {list.status === 'loading' && <p className="muted small">Loading focus areas...</p>}
              {list.status === 'failed' && (
                <p className="error small" data-testid="focus-areas-fetch-error">
                  {list.message}
                </p>
              )}
              {list.status === 'done' &&
                (() => {
                  const offered = attachable(list.value, attached);
                  if (offered.length === 0)
                    return <p className="muted small">Every focus area of your group is in this project.</p>;
                  return (
                    <ul className="focus-list">
                      {offered.map((area) => (
                        <FocusAreaCard
                          key={area.id}
                          area={area}
                          action="add"
                          busy={busy === area.id}
                          disabled={busy !== null}
                          onAction={() => void run(area, 'add')}
                        />
                      ))}
                    </ul>
                  );
                })()}
            </section>
          )}
        </>
      )}
    </Panel>
  );
}
