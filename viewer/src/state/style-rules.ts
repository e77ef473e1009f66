// Style rule state, shared by the style panel, the legend, projects and the owner highlight. The draft
// rules and filters are what the panel edits; the active style is what Apply made current (a project
// saves it). The applied source is the sources API's answer for the active style and filters, which the
// map draws and the legend lists.
import { atom } from 'jotai';
import type { FilterRow } from '../model/filter-rows.ts';
import { defaultBaseStyle, type ActiveStyle, type BaseStyle, type RuleRow } from '../model/style-rules.ts';

export interface LegendEntry {
  rule: number;
  label: string;
  fill: string;
  line: string;
}

export interface AppliedSource {
  id: string;
  tiles: string[];
  minzoom?: number;
  maxzoom?: number;
  /** The structured legend, one entry per rule (TileJSON's own `legend` is its HTML text). */
  rules: LegendEntry[];
}

/** Rules being edited in the panel (kept while the panel is closed). */
export const draftRulesAtom = atom<RuleRow[]>([]);
export const draftBaseAtom = atom<BaseStyle>(defaultBaseStyle);
/** Query filters being edited in the panel (applied with the rules). */
export const draftFiltersAtom = atom<FilterRow[]>([]);
/** The rules in force on the map, in order (the first matching rule wins). Empty rules = no styling. */
export const activeStyleAtom = atom<ActiveStyle>({ rules: [], base: defaultBaseStyle });
/** TileJSON of the applied style-rule source, or null when no rules are applied. */
export const appliedSourceAtom = atom<AppliedSource | null>(null);
