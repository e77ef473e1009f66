// The style-rule legend: one swatch per applied rule in order (fill and line colour), labelled with the
// column's human label, then the base style for parcels no rule matches.
import { useAtomValue } from 'jotai';
import { activeStyleAtom, appliedSourceAtom } from '../../state/style-rules.ts';
import { filterOptionsByKeyAtom } from './atoms.ts';
import { cssColor, predicateLabels, type Predicate } from '../../model/style-rules.ts';

export function StyleRulesLegend() {
  const applied = useAtomValue(appliedSourceAtom);
  const active = useAtomValue(activeStyleAtom);
  const options = useAtomValue(filterOptionsByKeyAtom);
  if (!applied) return null;
  const labelOf = (index: number, fallback: string) => {
    const rule = active.rules[index];
    if (!rule) return index === active.rules.length ? 'All other parcels' : fallback;
    const column = options.get(rule.field)?.label ?? rule.field;
    return rule.predicate === 'exists'
      ? `${column} ${rule.value === 'No' ? 'is empty' : 'has a value'}`
      : `${column} ${predicateLabels[rule.predicate as Predicate]} ${rule.value}`;
  };
  return (
    <div data-testid="style-legend">
      <h3>Style Rules</h3>
      <ul className="style-legend-list">
        {applied.rules.map((entry) => (
          <li key={entry.rule} data-testid={`style-legend-${entry.rule}`}>
            <span
              className="style-legend-swatch"
              style={{ background: cssColor(entry.fill), borderColor: cssColor(entry.line) }}
            />
            {labelOf(entry.rule, entry.label)}
          </li>
        ))}
      </ul>
    </div>
  );
}
