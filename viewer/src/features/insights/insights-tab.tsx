// The side pane's #insights tab: opened by the hash (on load and whenever a link sets it). Its content
// (and the chart library) loads on first open, so the map screen's first load does not carry it.
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { lazy, Suspense, useEffect } from 'react';
import { atPointAtom, placePathAtom, selectedPathAtom } from '../../state/selection.ts';
import { viewAtom } from '../../state/view.ts';
import { detailsOpenAtom } from '../../state/ui.ts';
import { dropHashKey, isParcelPath } from '../../state/url.ts';
import { placeForZoom } from '../../model/place-name.ts';
import { hashOpensInsights, insightsHashKey, insightsOpenAtom } from '../../state/tabs.ts';
import { insightsChosenPathAtom } from './atoms.ts';
import './insights.css';

const InsightsPane = lazy(() => import('./insights-pane.tsx').then((m) => ({ default: m.InsightsPane })));

/** The place the tab is about: the one chosen in the tab, else the URL's place, else the working place for the zoom. */
export function useInsightsPlace(): string | null {
  const chosen = useAtomValue(insightsChosenPathAtom);
  const urlPath = useAtomValue(placePathAtom);
  const at = useAtomValue(atPointAtom);
  const { zoom } = useAtomValue(viewAtom);
  if (chosen) return chosen;
  if (urlPath) return isParcelPath(urlPath) ? urlPath.replace(/\/\d+$/, '') : urlPath;
  return placeForZoom(at, zoom)?.path ?? null;
}

export function InsightsTab() {
  const [open, setOpen] = useAtom(insightsOpenAtom);
  const setChosen = useSetAtom(insightsChosenPathAtom);
  const path = useInsightsPlace();
  const detailsOpen = useAtomValue(detailsOpenAtom);
  const selected = useAtomValue(selectedPathAtom);
  const parcelOpen = detailsOpen && selected !== null;
  useEffect(() => {
    const read = () => {
      if (hashOpensInsights(location.hash)) setOpen(true);
    };
    read();
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, [setOpen]);
  // An open parcel takes the side pane's place; closing it brings the insights back.
  if (!open || parcelOpen) return null;
  const close = () => {
    setOpen(false);
    setChosen(null);
    // Drop #insights from the address, so the next link to it opens the tab again.
    dropHashKey(insightsHashKey);
  };
  return (
    <Suspense
      fallback={
        <aside className="insights-tab" aria-busy="true">
          <p className="panel-body muted">Loading Place Data...</p>
        </aside>
      }
    >
      <InsightsPane path={path} onClose={close} />
    </Suspense>
  );
}
