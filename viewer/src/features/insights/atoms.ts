// The insights tab's own state. Whether the tab is open is in state/tabs.ts (the side navigation opens it).
import { atom } from 'jotai';

/** A place chosen in the tab's selector (a breadcrumb), overriding the working place until the tab closes. */
export const insightsChosenPathAtom = atom<string | null>(null);
