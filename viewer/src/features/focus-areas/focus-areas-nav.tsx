// The side navigation's Focus Areas entry, shown in project mode only (focus areas belong to projects).
import { useAtomValue, useSetAtom } from 'jotai';
import { togglePanelAtom } from '../../state/ui-atoms.ts';
import { currentProjectAtom } from '../projects/atoms.ts';
import './focus-areas.css';

export function FocusAreasNavButton() {
  const project = useAtomValue(currentProjectAtom);
  const toggle = useSetAtom(togglePanelAtom);
  if (!project) return null;
  return <button type="button" className="focus-nav" data-testid="nav-focus-areas" onClick={() => toggle('focus-areas')}>Focus Areas</button>;
}
