// The project home panel (spec 2): the project's name; Share, New, Save, Copy, Reset, Delete; the
// project selector ("No projects" when empty); the working and home boundaries, and saving the working
// boundary as the project home ("Saving..." while in flight). Save is highlighted with a warning while
// the style on the map differs from the saved one; permissions.update gates Save, permissions.manage
// (managers and the project's creator) Delete, Share and Stop sharing, here and on the server.
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { atPointAtom } from '../../state/selection.ts';
import { viewAtom } from '../../state/view.ts';
import { signedInAtom } from '../../state/session.ts';
import { panelAtom, showAlertAtom } from '../../state/ui.ts';
import { Panel } from '../../ui/panel.tsx';
import { placeForZoom } from '../../model/place-name.ts';
import { activeStyleAtom } from '../../state/style-rules.ts';
import { activeFiltersAtom, canEditProjectAtom, currentProjectAtom, projectRefAtom } from '../../state/project.ts';
import { canManageProjectAtom, newProjectOpenAtom, projectLoadAtom } from './atoms.ts';
import {
  copyProject,
  deleteConfirmation,
  deleteProject,
  saveProject,
  shareProject,
  stopSharingProject,
} from './project-actions.ts';
import { adoptSavedStyle } from './project-mode.ts';
import { hasUnsavedStyles } from '../../model/project-styles.ts';
import { SaveHomeButton } from './save-home-prompt.tsx';
import { useProjectList } from './use-project-list.ts';
import './projects.css';
import { Tooltip } from '../../ui/tooltip.tsx';

function ProjectSelector({ current }: { current: string | null }) {
  const list = useProjectList();
  const projects = list.status === 'done' ? list.value.projects : [];
  return (
    <label className="project-selector">
      <span className="muted small">Projects</span>
      <select
        data-testid="project-selector"
        value={current ?? ''}
        disabled={projects.length === 0}
        onChange={(e) => e.target.value && location.assign(e.target.value)}
      >
        {projects.length === 0 ? (
          <option value="">{list.status === 'loading' ? 'Loading...' : 'No projects'}</option>
        ) : (
          <option value="">Choose a project</option>
        )}
        {projects.map((p) => (
          <option key={p.id} value={p.path}>
            {p.name}
          </option>
        ))}
      </select>
    </label>
  );
}

export function ProjectHomePanel() {
  const setPanel = useSetAtom(panelAtom);
  const project = useAtomValue(currentProjectAtom);
  const ref = useAtomValue(projectRefAtom);
  const load = useAtomValue(projectLoadAtom);
  const canEdit = useAtomValue(canEditProjectAtom);
  const canManage = useAtomValue(canManageProjectAtom);
  const signedIn = useAtomValue(signedInAtom);
  const active = useAtomValue(activeStyleAtom);
  const filters = useAtomValue(activeFiltersAtom);
  const at = useAtomValue(atPointAtom);
  const view = useAtomValue(viewAtom);
  const setProject = useSetAtom(currentProjectAtom);
  const openNew = useSetAtom(newProjectOpenAtom);
  const showAlert = useSetAtom(showAlertAtom);
  const [busy, setBusy] = useState<string | null>(null);
  const [shareUrl, setShareUrl] = useState<string | null>(null);
  const [saveProblem, setSaveProblem] = useState<string | null>(null);
  const working = placeForZoom(at, view.zoom);
  const unsaved =
    project !== null &&
    (hasUnsavedStyles(active, project.styles) ||
      JSON.stringify(filters) !== JSON.stringify(project.query.filters ?? {}));

  const run = async (name: string, action: () => Promise<void>) => {
    setBusy(name);
    try {
      await action();
    } catch (error) {
      if (name === 'save') setSaveProblem(`Your changes are not saved: ${(error as Error).message}`);
      else showAlert({ text: (error as Error).message, kind: 'error' });
    } finally {
      setBusy(null);
    }
  };
  const save = () =>
    run('save', async () => {
      setSaveProblem(null);
      setProject(await saveProject(project!, active, filters));
      showAlert({ text: 'Project saved.', kind: 'info' });
    });
  const share = () =>
    run('share', async () => {
      setShareUrl((await shareProject(project!)).url);
      setProject({ ...project!, shared: true });
    });
  const stopSharing = () =>
    run('stop-sharing', async () => {
      await stopSharingProject(project!);
      setShareUrl(null);
      setProject({ ...project!, shared: false });
      showAlert({ text: 'Sharing stopped: the link no longer opens this project.', kind: 'info' });
    });
  const managersOnly = canManage
    ? undefined
    : "Only the account's managers and the project's creator can share or delete it.";
  const copy = () => run('copy', async () => location.assign((await copyProject(project!, ref?.share ?? null)).path));
  const remove = () =>
    run('delete', async () => {
      if (!window.confirm(deleteConfirmation)) return;
      await deleteProject(project!);
      location.assign('/profile');
    });

  return (
    <Panel title="Project" testId="project-panel" className="project-panel" onClose={() => setPanel(null)}>
      {load.status === 'loading' && <p className="muted">Loading...</p>}
      {load.status === 'failed' && (
        <p className="error" data-testid="project-load-failed">
          {load.message}
        </p>
      )}
      {!project && load.status !== 'loading' && (
        <p className="muted small" data-testid="project-none">
          Projects save a map of a place: its style rules, filters and focus areas, shared with your team.
        </p>
      )}
      {project && (
        <>
          <h3 className="project-name" data-testid="project-name">
            {project.name}
          </h3>
          {project.sharer && (
            <p className="small" data-testid="project-guest">
              Shared by {project.sharer}. You can look at this project but not change it.
            </p>
          )}
          {unsaved && canEdit && (
            <p className="project-warning small" role="status" data-testid="project-unsaved">
              This project has unsaved changes: the style rules or filters on the map differ from the saved ones. Save
              to keep them, or Reset to go back.
            </p>
          )}
          {saveProblem && (
            <p className="error small" role="alert" data-testid="project-save-problem">
              {saveProblem}
            </p>
          )}
        </>
      )}
      <div className="project-actions">
        {project && (
          <Tooltip content={managersOnly} disabled={!canManage}>
            <button
              type="button"
              data-testid="project-share"
              disabled={!canManage || busy !== null}
              onClick={() => void share()}
            >
              Share
            </button>
          </Tooltip>
        )}
        <button type="button" data-testid="project-new" onClick={() => openNew(true)}>
          New
        </button>
        {project && (
          <>
            <Tooltip content={canEdit ? undefined : "Only members of the project's team can save it."} disabled>
              <button
                type="button"
                className={unsaved && canEdit ? 'primary highlighted' : ''}
                data-testid="project-save"
                disabled={!canEdit || busy !== null}
                onClick={() => void save()}
              >
                {busy === 'save' ? 'Saving...' : 'Save'}
              </button>
            </Tooltip>
            <button
              type="button"
              data-testid="project-copy"
              disabled={!signedIn || busy !== null}
              onClick={() => void copy()}
            >
              Copy
            </button>
            <button
              type="button"
              data-testid="project-reset"
              disabled={busy !== null}
              onClick={() => adoptSavedStyle(project)}
            >
              Reset
            </button>
            <Tooltip content={managersOnly} disabled={!canManage}>
              <button
                type="button"
                className="danger"
                data-testid="project-delete"
                disabled={!canManage || busy !== null}
                onClick={() => void remove()}
              >
                Delete
              </button>
            </Tooltip>
          </>
        )}
      </div>
      {shareUrl && (
        <label className="project-share-url">
          <span className="small">Anyone with this link can view the project (a new link replaces the old one):</span>
          <input readOnly data-testid="project-share-url" value={shareUrl} onFocus={(e) => e.target.select()} />
        </label>
      )}
      {project?.shared && canManage && (
        <p className="small" data-testid="project-shared">
          This project has a share link.{' '}
          <button
            type="button"
            data-testid="project-stop-sharing"
            disabled={busy !== null}
            onClick={() => void stopSharing()}
          >
            Stop sharing
          </button>
        </p>
      )}
      <ProjectSelector current={project?.path ?? null} />
      {project && (
        <dl className="project-boundaries">
          <dt>Working boundary</dt>
          <dd data-testid="project-working">{working?.name ?? '—'}</dd>
          <dt>Home boundary</dt>
          <dd data-testid="project-home">{project.root.headline || project.root.name}</dd>
        </dl>
      )}
      {project && canEdit && working && working.path !== project.root.path && (
        <SaveHomeButton project={project} place={working} />
      )}
    </Panel>
  );
}
