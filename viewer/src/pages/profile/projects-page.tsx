// /profile: the Projects dashboard. The group's projects (name, home place, last change) with open and
// delete, the plan's project count (Pro 5, Team unlimited), and New Project, which opens the map's
// new-project dialog (#a=new-project). Without a plan the page offers the upgrade instead.
import { useState } from 'react';
import { ApiError, sendJson } from '../../api/client.ts';
import { Upsell } from '../../features/entitlements/upsell.tsx';
import { deleteConfirmation } from '../../features/projects/project-actions.ts';
import { useProjectList } from '../../features/projects/use-project-list.ts';
import { PageFrame, useSignedInSession } from '../../shell/page-frame/page-frame.tsx';
import '../../features/projects/projects.css';

const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

export function ProjectsPage() {
  const session = useSignedInSession();
  const [revision, setRevision] = useState(0);
  const list = useProjectList(revision);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  if (!session)
    return (
      <PageFrame title="Projects" testId="projects-page">
        <p className="muted">Loading...</p>
      </PageFrame>
    );

  const remove = async (path: string, name: string) => {
    if (!window.confirm(deleteConfirmation)) return;
    try {
      await sendJson('DELETE', `${path}.json`);
      setMessage({ text: `Deleted ${name}.`, error: false });
      setRevision((r) => r + 1);
    } catch (error) {
      setMessage({
        text: error instanceof ApiError ? error.message : `Could not delete the project: ${(error as Error).message}`,
        error: true,
      });
    }
  };

  const projects = list.status === 'done' ? list.value.projects : [];
  const limit = list.status === 'done' ? list.value.limit : null;
  const full = limit !== null && projects.length >= limit;
  return (
    <PageFrame title="Projects" testId="projects-page">
      {!session.group ? (
        <section className="account-card">
          <p>Projects save a map of a place with its style rules, filters and focus areas, shared with your team.</p>
          <Upsell features="Saved projects" testId="projects-upsell" />
        </section>
      ) : (
        <>
          <p className="muted" data-testid="projects-count">
            {session.group.name}: {projects.length} {projects.length === 1 ? 'project' : 'projects'}
            {limit !== null ? ` of ${limit} on your plan` : ''}
          </p>
          {message && (
            <p role="status" className={message.error ? 'error' : 'follow-message'} data-testid="projects-message">
              {message.text}
            </p>
          )}
          {list.status === 'failed' && <p className="error">{list.message}</p>}
          {list.status === 'done' && projects.length === 0 && (
            <p className="account-card" data-testid="projects-empty">
              No projects
            </p>
          )}
          <ul className="projects-list">
            {projects.map((p) => (
              <li key={p.id} className="account-card" data-testid="project-card">
                <a href={p.path} className="project-card-name" data-testid="project-card-link">
                  <strong>{p.name}</strong>
                </a>
                <span className="muted small">
                  {p.root.headline || p.root.name} · changed {dateFormat.format(new Date(p.updated_at))}
                </span>
                <button
                  type="button"
                  className="button"
                  aria-label={`Delete ${p.name}`}
                  onClick={() => void remove(p.path, p.name)}
                >
                  Delete
                </button>
              </li>
            ))}
          </ul>
          {full ? (
            <p className="small" data-testid="projects-full">
              Your plan includes {limit} projects. <a href="/plans">Upgrade to Team</a> for unlimited projects.
            </p>
          ) : (
            <a className="button primary" href="/#a=new-project" data-testid="projects-new">
              New Project
            </a>
          )}
        </>
      )}
    </PageFrame>
  );
}
