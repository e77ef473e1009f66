// The side navigation's Focus Areas entry, shown in project mode only (focus areas belong to projects).
import { useAtomValue, useSetAtom } from 'jotai';
import { navOpenAtom, togglePanelAtom } from '../../state/ui.ts';
import { currentProjectAtom } from '../../state/project.ts';
import './focus-areas.css';

export function FocusAreasNavButton() {
  const project = useAtomValue(currentProjectAtom);
  const toggle = useSetAtom(togglePanelAtom);
  const setNavOpen = useSetAtom(navOpenAtom);
  if (!project) return null;
  // Like the menu's tab links, opening the pane closes the menu, which would cover it on a phone.
  const open = () => {
    toggle('focus-areas');
    setNavOpen(false);
  };
  return (
    <button type="button" className="focus-nav" data-testid="nav-focus-areas" onClick={open}>
      Focus Areas
    </button>
  );
}
