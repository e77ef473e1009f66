// The side navigation (Alt+T): the profile entry (Sign Up, Upgrade to Pro, or the group; spec 2), plus plans.
// It opens by itself once, on a wide screen, for paid and group users (spec 4), and a tab or panel
// opening later closes it, since it would cover them (one already open keeps it closed).
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef, type MouseEvent } from 'react';
import { sessionAtom, sessionLoadedAtom } from '../../state/session.ts';
import { accountTabAtom } from '../../state/account-tab.ts';
import { detailsOpenAtom, navOpenAtom, navOpensOnStart, panelAtom } from '../../state/ui.ts';
import { ProfileEntry } from '../../features/accounts/profile-entry.tsx';
import { FocusAreasNavButton } from '../../features/focus-areas/focus-areas-nav.tsx';
import { exportOpenAtom, insightsOpenAtom, paneTabAtom } from '../../state/tabs.ts';

/** Opens the navigation once the session is known, when spec 4 says so; closes it when a pane opens. */
function useNavOnStart(setOpen: (open: boolean) => void) {
  const session = useAtomValue(sessionAtom);
  const loaded = useAtomValue(sessionLoadedAtom);
  const started = useRef(false);
  const covering = [
    useAtomValue(insightsOpenAtom),
    useAtomValue(exportOpenAtom),
    useAtomValue(paneTabAtom),
    useAtomValue(accountTabAtom),
    useAtomValue(detailsOpenAtom),
  ];
  const panel = useAtomValue(panelAtom);
  const anyOpen = covering.some(Boolean) || panel !== null;
  useEffect(() => {
    if (!loaded || started.current) return;
    started.current = true;
    // A tab the address opened (#insights) is not covered by the navigation opening after it.
    if (!anyOpen && navOpensOnStart(window.innerWidth, session.has_sitecontrol, session.group !== null)) setOpen(true);
  }, [loaded, session, setOpen, anyOpen]);
  useEffect(() => {
    if (anyOpen) setOpen(false);
  }, [anyOpen, setOpen]);
}

export function SideNav() {
  const [open, setOpen] = useAtom(navOpenAtom);
  const setPanel = useSetAtom(panelAtom);
  const setInsightsOpen = useSetAtom(insightsOpenAtom);
  const setExportOpen = useSetAtom(exportOpenAtom);
  const setPaneTab = useSetAtom(paneTabAtom);
  useNavOnStart(setOpen);
  // The tab links open their tab directly: following "#insights" would be a history step whose hash has
  // no map view, and the map then flew back to the URL's place (the project home), the tab unopened.
  const openTab = (open: (value: boolean) => void) => (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    open(true);
    setOpen(false);
  };
  return (
    <>
      <button
        type="button"
        className="nav-toggle"
        aria-label="Toggle navigation"
        aria-expanded={open}
        data-testid="nav-toggle"
        onClick={() => setOpen(!open)}
      >
        ☰
      </button>
      {open && (
        // A link that opens a side pane tab (#signup-signin) closes the menu, which would cover the tab.
        <nav
          className="side-nav"
          data-testid="side-nav"
          aria-label="Navigation"
          onClick={(e) => (e.target as HTMLElement).closest('a[href^="#"]') && setOpen(false)}
        >
          <strong className="brand">Parcel Map</strong>
          <ProfileEntry />
          <FocusAreasNavButton />
          <a href="#insights" data-testid="nav-insights" onClick={openTab(setInsightsOpen)}>
            Insights
          </a>
          <button
            type="button"
            className="link-button"
            data-testid="nav-surveys"
            onClick={() => {
              setPanel('surveys');
              setOpen(false);
            }}
          >
            Surveys
          </button>
          <a href="#export" data-testid="nav-export" onClick={openTab(setExportOpen)}>
            Export
          </a>
          <a href="#overview" data-testid="nav-overview" onClick={openTab(() => setPaneTab('overview'))}>
            Overview
          </a>
          <a href="#settings" data-testid="nav-settings" onClick={openTab(() => setPaneTab('settings'))}>
            Map Settings
          </a>
          <a href="/plans">Plans</a>
          <a href="/store">Data Store</a>
          <a href="/coverage" data-testid="nav-coverage">
            Coverage
          </a>
          <p className="muted small">Alt+T shows or hides this menu.</p>
        </nav>
      )}
    </>
  );
}
