// The side pane's #overview, #settings and #upgrade tabs (spec map.md section 1, accounts-billing.md
// section 2): opened by the hash (on load and whenever a link sets it, such as the working-boundary
// breadcrumb), one at a time, closed by their close button, which drops the key from the address.
import { useAtom } from 'jotai';
import { useEffect } from 'react';
import { dropHashKey } from '../../state/url.ts';
import { paneTabAtom, paneTabOfHash, type PaneTab } from '../../state/tabs.ts';
import { MapSettingsPane } from './map-settings-pane.tsx';
import { OverviewPane } from './overview-pane.tsx';
import { UpgradePane } from './upgrade-pane.tsx';
import './side-panes.css';

const titles: Record<PaneTab, string> = { overview: 'Overview', settings: 'Map Settings', upgrade: 'Upgrade' };

export function SidePaneTabs() {
  const [tab, setTab] = useAtom(paneTabAtom);
  useEffect(() => {
    // The event's own URL: the map's hash writer may already have rewritten location.hash without the key.
    const read = (hash: string) => {
      const next = paneTabOfHash(hash);
      if (next) setTab(next);
    };
    read(location.hash);
    const changed = (e: HashChangeEvent) => read(new URL(e.newURL).hash);
    window.addEventListener('hashchange', changed);
    return () => window.removeEventListener('hashchange', changed);
  }, [setTab]);
  if (!tab) return null;
  const close = () => {
    setTab(null);
    dropHashKey(tab);
  };
  return (
    <aside className="pane-tab" data-testid={`${tab}-tab`} aria-label={titles[tab]}>
      <header className="panel-header">
        <h2>{titles[tab]}</h2>
        <button
          type="button"
          className="icon-button"
          aria-label={`Close ${titles[tab]}`}
          data-testid="close-pane-tab"
          onClick={close}
        >
          ×
        </button>
      </header>
      <div className="panel-body">
        {tab === 'overview' && <OverviewPane />}
        {tab === 'settings' && <MapSettingsPane />}
        {tab === 'upgrade' && <UpgradePane />}
      </div>
    </aside>
  );
}
