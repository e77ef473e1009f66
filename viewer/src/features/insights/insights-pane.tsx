// The insights tab's content: the place's insights (loading, failed, Place Not Available when the place
// has no parcels), the sub-tabs (a select on narrow screens) with the spec's hover texts on gated tabs.
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { isAbort } from '../../api/client.ts';
import { Tooltip } from '../../ui/tooltip.tsx';
import { useRemoteCall } from '../../api/use-remote.ts';
import { atPointAtom } from '../../state/selection.ts';
import { gatedMessage, insightSections, sectionLabels, type InsightSection } from '@parcel-map/contracts/map/insights';
import { upgradeToProHref } from '../entitlements/entitlements.ts';
import { breadcrumbs } from '../../model/place-name.ts';
import { currentProjectAtom } from '../../state/project.ts';
import { PlaceRequestForm } from '../place-request/place-request-form.tsx';
import { getInsights } from './api.ts';
import { insightsChosenPathAtom } from './atoms.ts';
import { GeneralInfo } from './general-info.tsx';
import { LandUse } from './land-use.tsx';
import { Ownership } from './ownership.tsx';
import { Vacancy } from './vacancy.tsx';

type Tab = InsightSection | 'unavailable';

export const loadingText = 'Loading Place Data...';
export const failedText = "Oops! We couldn't load place data. Please try again.";

/** The places at the map's centre, plus the current project's focus areas (their insights too). */
function PlacePicker({ path }: { path: string }) {
  const at = useAtomValue(atPointAtom);
  const project = useAtomValue(currentProjectAtom);
  const choose = useSetAtom(insightsChosenPathAtom);
  const focusAreas = (project?.regions ?? [])
    .flatMap((r) => r.focus_areas)
    .map((f) => ({ path: `${project!.group.path}/focus/${f.id}`, name: `Focus area: ${f.name}` }));
  const options = [...breadcrumbs(at), ...focusAreas];
  if (!options.some((p) => p.path === path)) return null;
  return (
    <select aria-label="Place" data-testid="insights-place" value={path} onChange={(e) => choose(e.target.value)}>
      {options.map((p) => (
        <option key={p.path} value={p.path}>
          {p.name}
        </option>
      ))}
    </select>
  );
}

export function InsightsPane({ path, onClose }: { path: string | null; onClose: () => void }) {
  const [tab, setTab] = useState<Tab>('general');
  const [load, retry] = useRemoteCall(
    path === null
      ? null
      : (signal) =>
          getInsights(path, signal).catch((error: unknown) => {
            if (!isAbort(error)) console.warn(`insights: ${(error as Error).message}`);
            throw error;
          }),
    path ?? '',
  );

  const data = load.status === 'done' ? load.value : null;
  const empty = data !== null && data.numeric.parcels === 0;
  const tabs: Tab[] = empty ? ['general', 'unavailable'] : [...insightSections];
  const shown: Tab = empty ? 'unavailable' : tab;
  const access = (t: Tab) => (t === 'unavailable' || !data ? 'open' : data.access[t]);
  const shownGate = shown === 'unavailable' ? null : gatedMessage(shown, access(shown));
  const label = (t: Tab) => (t === 'unavailable' ? 'Place Not Available' : sectionLabels[t]);

  return (
    <aside className="insights-tab" data-testid="insights-tab" aria-label="Insights">
      <header className="panel-header">
        <h2>
          Insights
          {data ? (
            <span className="muted insights-place-name" data-testid="insights-headline">
              {' '}
              · {data.placeInfo.headline}
            </span>
          ) : null}
        </h2>
        <button
          type="button"
          className="icon-button"
          aria-label="Close Insights"
          data-testid="close-insights"
          onClick={onClose}
        >
          ×
        </button>
      </header>
      <div className="panel-body">
        {path && <PlacePicker path={path} />}
        {!path && <p className="muted">Move the map over a place to see its insights.</p>}
        {path && load.status === 'loading' && (
          <p className="muted" data-testid="insights-loading">
            {loadingText}
          </p>
        )}
        {path && load.status === 'failed' && (
          <p className="inline-alert error" data-testid="insights-failed">
            {failedText}{' '}
            <button type="button" className="link-button" onClick={retry}>
              Try again
            </button>
          </p>
        )}
        {data && (
          <>
            <nav className="insights-tabs" role="tablist" aria-label="Insights sections">
              {tabs.map((t) => {
                const gate = t === 'unavailable' ? null : gatedMessage(t, access(t));
                return (
                  <Tooltip key={t} content={gate} testId={`insights-tab-${t}-gate`}>
                    <button
                      type="button"
                      role="tab"
                      className="insights-tab-button"
                      data-testid={`insights-tab-${t}`}
                      aria-selected={shown === t}
                      data-gate={gate ? access(t) : undefined}
                      onClick={() => setTab(t)}
                    >
                      {label(t)}
                    </button>
                  </Tooltip>
                );
              })}
            </nav>
            <select
              className="insights-tab-select"
              aria-label="Insights section"
              data-testid="insights-tab-select"
              value={shown}
              onChange={(e) => setTab(e.target.value as Tab)}
            >
              {tabs.map((t) => {
                const gate = t === 'unavailable' ? null : gatedMessage(t, access(t));
                return (
                  <option key={t} value={t}>
                    {gate ?? label(t)}
                  </option>
                );
              })}
            </select>
            <div role="tabpanel" className="insights-section" data-testid={`insights-section-${shown}`}>
              {shownGate && (
                <p className="upsell" data-testid="insights-gated">
                  {shownGate}
                  {access(shown) === 'pro' && (
                    <>
                      {' '}
                      <a href={upgradeToProHref}>Upgrade to Pro</a>
                    </>
                  )}
                </p>
              )}
              {shown === 'general' && <GeneralInfo data={data} />}
              {shown === 'landUse' && data.lbcs && <LandUse lbcs={data.lbcs} />}
              {shown === 'vacancy' && data.premium && <Vacancy usps={data.premium.charts.usps} />}
              {shown === 'ownership' && data.owners && <Ownership key={data.placeInfo.path} owners={data.owners} />}
              {shown === 'unavailable' && (
                <div data-testid="place-not-available">
                  <h3>Place Not Available</h3>
                  <p>
                    We have no parcel data for <strong>{data.placeInfo.headline}</strong> yet. Tell us you need it and
                    we will consider adding it.
                  </p>
                  <PlaceRequestForm path={data.placeInfo.path} />
                </div>
              )}
            </div>
          </>
        )}
      </div>
    </aside>
  );
}
