// /dashboard and /g/{group}/dashboard (the logo menu's Dashboard): a summary of the caller's or group's
// work with links to the full pages: projects (of the plan's limit), follows, recent exports, and
// today's property lookups against the plan's daily limit.
import type { LookupLimits } from '@parcel-map/contracts/people/lookup-limits';
import type { ProfileExportsAnswer } from '@parcel-map/contracts/commerce/exports';
import type { z } from 'zod';
import type { followsPage } from '@parcel-map/contracts/workspace/follows';
import { useRemote, type Remote } from '../../api/use-remote.ts';
import { useProjectList } from '../../features/projects/use-project-list.ts';
import { PageFrame, useSignedInSession } from '../../shell/page-frame/page-frame.tsx';
import './account-pages.css';

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

function Card(props: { title: string; testId: string; href: string; link: string; children: React.ReactNode }) {
  return (
    <section className="dashboard-card" data-testid={props.testId}>
      <h2>{props.title}</h2>
      {props.children}
      <a href={props.href}>{props.link}</a>
    </section>
  );
}

function Status<T>({ remote, children }: { remote: Remote<T>; children: (value: T) => React.ReactNode }) {
  if (remote.status === 'loading') return <p className="muted">Loading…</p>;
  if (remote.status === 'failed') return <p className="error">Could not load: {remote.message}</p>;
  return <>{children(remote.value)}</>;
}

export function DashboardPage() {
  const session = useSignedInSession();
  const projects = useProjectList();
  const [follows] = useRemote<z.infer<typeof followsPage>>(session ? '/profile/follows.json' : null);
  const [exports] = useRemote<ProfileExportsAnswer>(session ? '/profile/exports.json' : null);
  const [lookups] = useRemote<LookupLimits>(session ? '/users/lookup_limits.json' : null);
  if (!session)
    return (
      <PageFrame title="Dashboard" testId="dashboard-page">
        <p className="muted">Loading...</p>
      </PageFrame>
    );
  const group = session.group;
  return (
    <PageFrame title="Dashboard" testId="dashboard-page">
      <p className="muted" data-testid="dashboard-owner">
        {group ? `${group.name} · ${session.display_level} plan` : `${session.user!.name} · Starter (free)`}
      </p>
      <div className="dashboard-grid">
        <Card title="Projects" testId="dashboard-projects" href="/profile" link="All projects">
          <Status remote={projects}>
            {(list) => (
              <>
                <p data-testid="dashboard-project-count">
                  {list.projects.length} {list.projects.length === 1 ? 'project' : 'projects'}
                  {list.limit !== null ? ` of ${list.limit} on your plan` : group ? ' (unlimited)' : ''}
                </p>
                <ul>
                  {list.projects.slice(0, 5).map((p) => (
                    <li key={p.id}>
                      <a href={p.path}>{p.name}</a> <span className="muted small">{p.root.headline}</span>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </Status>
        </Card>
        <Card title="Follows" testId="dashboard-follows" href="/notify/follows" link="All follows">
          <Status remote={follows}>
            {(page) => (
              <p data-testid="dashboard-follow-count">
                {page.follows.places.length} places and {page.follows.parcels.length} parcels followed
                {page.total_pages > 1 ? ' (first page)' : ''}
              </p>
            )}
          </Status>
        </Card>
        <Card title="Recent exports" testId="dashboard-exports" href="/profile/orders" link="Orders and files">
          <Status remote={exports}>
            {(answer) =>
              answer.exports.length === 0 ? (
                <p className="muted">No exports yet.</p>
              ) : (
                <ul>
                  {answer.exports.slice(0, 5).map((e) => (
                    <li key={e.id}>
                      {e.format.toUpperCase()} of {e.path} · {e.count.toLocaleString('en-US')} parcels · {e.status_text}{' '}
                      · {dateFormat.format(new Date(e.created_at))}
                    </li>
                  ))}
                </ul>
              )
            }
          </Status>
        </Card>
        <Card title="Usage" testId="dashboard-usage" href="/plans" link="Compare plans">
          <Status remote={lookups}>
            {(l) => (
              <p data-testid="dashboard-lookups">
                {l.metered && typeof l.total === 'number'
                  ? `${l.used.toLocaleString('en-US')} of ${l.total.toLocaleString('en-US')} property lookups used today`
                  : `${l.used.toLocaleString('en-US')} property lookups today (no daily limit)`}
              </p>
            )}
          </Status>
          {group && (
            <p>
              <a href={`${group.path}/settings/billing`}>Billing</a>
            </p>
          )}
        </Card>
      </div>
    </PageFrame>
  );
}
