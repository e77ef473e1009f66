// Keeps the column options loaded while anything needs them: the Style rules panel (columns, predicates,
// values) or an applied style (the legend's column labels, e.g. after a project reopens its rules).
import { useAtomValue } from 'jotai';
import { panelAtom } from '../../state/ui.ts';
import { appliedSourceAtom } from '../../state/style-rules.ts';
import { useFilterOptions } from './use-filter-options.ts';

function Load() {
  useFilterOptions();
  return null;
}

export function FilterOptionsLoader() {
  const applied = useAtomValue(appliedSourceAtom);
  const panel = useAtomValue(panelAtom);
  return applied || panel === 'style' ? <Load /> : null;
}
