// What reacts to what outside React: every store subscription the app starts, in one list, so that
// "what follows the session, the preferences, the filters" is read here rather than in each module.
// main.tsx starts them once; the modules themselves keep no start-once guards.
import { startEntitlements } from './features/entitlements/entitlements.ts';
import { startPreferences } from './features/preferences/start-preferences.ts';
import { openNewProjectFromHash } from './features/projects/new-project-dialog.tsx';
import { startProjectMode } from './features/projects/project-mode.ts';
import { followFilterChanges } from './features/style-rules/apply-style.ts';

/** Every screen, pages included: preferences follow the session (and colours and units follow them);
 * layers the caller's level no longer allows are switched off. */
const everyScreen: (() => void)[] = [startPreferences, startEntitlements];

/** The map screen, in order: project mode first, since every URL the app writes keeps the project's
 * path; filters set outside the panel (a project, the owner highlight) apply with the active style;
 * #a=new-project opens the new-project dialog. */
const mapScreen: (() => void)[] = [startProjectMode, followFilterChanges, openNewProjectFromHash];

/** Called once, by main.tsx, for the screen it renders. */
export function startEffects(screen: 'pages' | 'map'): void {
  for (const start of everyScreen) start();
  if (screen === 'map') for (const start of mapScreen) start();
}
