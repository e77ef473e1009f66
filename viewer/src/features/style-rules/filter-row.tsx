// One query filter: the column, then "at least"/"at most" for a range column, the options as checkboxes
// for a column that has them, or values with suggestions (several separated by semicolons); delete.
import { useId, useState } from 'react';
import { type FilterRow, splitValues } from '../../model/filter-rows.ts';
import type { FilterOption } from '../../model/style-rules.ts';
import { useSuggestions } from './value-input.tsx';

export interface FilterRowProps {
  row: FilterRow;
  index: number;
  options: FilterOption[];
  optionsByKey: ReadonlyMap<string, FilterOption>;
  complete: boolean;
  onChange: (row: FilterRow) => void;
  onDelete: () => void;
}

function ValuesInput({ row, index, onChange }: Pick<FilterRowProps, 'row' | 'index' | 'onChange'>) {
  const [text, setText] = useState(row.values.join('; '));
  const listId = useId();
  const last = text.split(';').at(-1)?.trim() ?? '';
  const suggestions = useSuggestions(row.field, last, row.field !== '');
  return (
    <>
      <input
        type="text"
        aria-label={`Values of filter ${index + 1}`}
        data-testid={`filter-values-${index}`}
        placeholder="Value; another value"
        list={listId}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onChange({ ...row, values: splitValues(e.target.value) });
        }}
      />
      <datalist id={listId}>
        {suggestions.map((v) => (
          <option key={v} value={v} />
        ))}
      </datalist>
    </>
  );
}

export function FilterRowView(props: FilterRowProps) {
  const { row, index, optionsByKey } = props;
  const option = optionsByKey.get(row.field);
  const n = index + 1;
  const toggle = (value: string, on: boolean) =>
    props.onChange({ ...row, values: on ? [...row.values, value] : row.values.filter((v) => v !== value) });
  return (
    <li className={`filter-row ${props.complete ? '' : 'incomplete'}`} data-testid={`filter-row-${index}`}>
      <select
        aria-label={`Column of filter ${n}`}
        data-testid={`filter-field-${index}`}
        value={row.field}
        onChange={(e) => props.onChange({ ...row, field: e.target.value, values: [], gte: '', lte: '' })}
      >
        <option value="">Column</option>
        {props.options.map((o) => (
          <option key={o.key} value={o.key}>
            {o.label}
          </option>
        ))}
      </select>
      {option?.range && (
        <span className="filter-range">
          <input
            type="text"
            inputMode="decimal"
            aria-label={`Filter ${n} at least`}
            data-testid={`filter-gte-${index}`}
            placeholder="At least"
            value={row.gte}
            onChange={(e) => props.onChange({ ...row, gte: e.target.value })}
          />
          <input
            type="text"
            inputMode="decimal"
            aria-label={`Filter ${n} at most`}
            data-testid={`filter-lte-${index}`}
            placeholder="At most"
            value={row.lte}
            onChange={(e) => props.onChange({ ...row, lte: e.target.value })}
          />
        </span>
      )}
      {option && !option.range && option.checkboxes && (
        <span className="filter-checkboxes">
          {option.checkboxes.map((value) => (
            <label key={value}>
              <input
                type="checkbox"
                data-testid={`filter-check-${index}-${value}`}
                checked={row.values.includes(value)}
                onChange={(e) => toggle(value, e.target.checked)}
              />{' '}
              {value}
            </label>
          ))}
        </span>
      )}
      {option && !option.range && !option.checkboxes && (
        <ValuesInput key={row.field} row={row} index={index} onChange={props.onChange} />
      )}
      <button
        type="button"
        className="icon-button"
        data-testid={`filter-delete-${index}`}
        aria-label={`Delete filter ${n}`}
        onClick={props.onDelete}
      >
        ×
      </button>
    </li>
  );
}
