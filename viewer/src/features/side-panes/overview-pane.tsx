// The #overview tab: the current place (the working boundary the breadcrumbs end with) and, in project
// mode, the project, with links onward: the place's insights, its export, its store page and following it.
import { useAtomValue, useSetAtom } from 'jotai';
import type { MouseEvent } from 'react';
import { breadcrumbs, placeForZoom } from '../../model/place-name.ts';
import { currentProjectAtom } from '../../state/project.ts';
import { atPointAtom } from '../../state/selection.ts';
import { exportOpenAtom, insightsOpenAtom, paneTabAtom } from '../../state/tabs.ts';
import { viewAtom } from '../../state/view.ts';
import { FollowAction } from '../follows/follow-action.tsx';

export function OverviewPane() {
  const at = useAtomValue(atPointAtom);
  const { zoom } = useAtomValue(viewAtom);
  const project = useAtomValue(currentProjectAtom);
  const setInsights = useSetAtom(insightsOpenAtom);
  const setExport = useSetAtom(exportOpenAtom);
  const setTab = useSetAtom(paneTabAtom);
  const place = placeForZoom(at, zoom);
  const trail = breadcrumbs(at).filter((p) => p.kind !== 'country');
  const county = trail.find((p) => p.kind === 'county');
  // Following "#insights" would be a history step whose hash has no map view; open the tab directly.
  const open = (set: (v: boolean) => void) => (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    setTab(null);
    set(true);
  };
  return (
    <div data-testid="overview">
      {project && (
        <section>
          <h3 data-testid="overview-project">{project.name}</h3>
          <dl>
            <dt>Project home</dt>
            <dd>{project.root.headline || project.root.name}</dd>
            <dt>Last saved</dt>
            <dd>{new Date(project.updated_at).toLocaleDateString('en-US')}</dd>
            {project.sharer && (
              <>
                <dt>Shared by</dt>
                <dd>{project.sharer}</dd>
              </>
            )}
          </dl>
        </section>
      )}
      {place ? (
        <section>
          <h3 data-testid="overview-place">{place.name}</h3>
          <p className="muted small" data-testid="overview-trail">
            {trail.map((p) => p.name).join(' / ')}
          </p>
          <FollowAction kind="place" path={place.path} />
          <ul className="pane-links">
            <li>
              <a href="#insights" data-testid="overview-insights" onClick={open(setInsights)}>
                Insights for {place.name}
              </a>
            </li>
            <li>
              <a href="#export" data-testid="overview-export" onClick={open(setExport)}>
                Export parcels
              </a>
            </li>
            {county && (
              <li>
                <a href={`/store${county.path}`} data-testid="overview-store">
                  Buy {county.name} data files
                </a>
              </li>
            )}
            <li>
              <a href="/coverage">Coverage</a>
            </li>
          </ul>
        </section>
      ) : (
        <p className="muted" data-testid="overview-empty">
          Move the map over a place to see its overview.
        </p>
      )}
    </div>
  );
}
