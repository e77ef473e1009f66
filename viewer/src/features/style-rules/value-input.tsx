// The value of a rule: Yes/No for exists, the column's fixed options when it has checkboxes, else free
// text with suggestions from GET /sources/parcel/autocomplete.json (values of the column in the place).
import { useAtomValue } from 'jotai';
import { useEffect, useId, useState } from 'react';
import { getJson, isAbort } from '../../api/client.ts';
import { stylePlaceAtom } from './atoms.ts';
import { fixedValues, type FilterOption, type RuleRow } from '../../model/style-rules.ts';

const debounceMs = 250;

export function useSuggestions(key: string, query: string, enabled: boolean): string[] {
  const place = useAtomValue(stylePlaceAtom);
  const [suggestions, setSuggestions] = useState<string[]>([]);
  useEffect(() => {
    if (!enabled || !key) return setSuggestions([]);
    const controller = new AbortController();
    const timer = setTimeout(() => {
      getJson<{ suggestions: string[] }>(
        '/sources/parcel/autocomplete.json',
        { key, query, filter_path: place ?? undefined },
        controller.signal,
      )
        .then((body) => setSuggestions(body.suggestions))
        .catch((error) => {
          if (!isAbort(error)) setSuggestions([]);
        });
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, query, enabled, place]);
  return suggestions;
}

export function ValueInput(props: {
  rule: RuleRow;
  option: FilterOption | undefined;
  index: number;
  onChange: (value: string) => void;
}) {
  const { rule, option, index } = props;
  const fixed = fixedValues(rule, option);
  const numeric = ['gt', 'lt', 'gte', 'lte'].includes(rule.predicate);
  const listId = useId();
  const suggestions = useSuggestions(rule.field, rule.value, !fixed && !numeric && rule.predicate !== '');
  const label = `Value of rule ${index + 1}`;
  if (fixed) {
    return (
      <select
        aria-label={label}
        data-testid={`rule-value-${index}`}
        value={rule.value}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {rule.predicate !== 'exists' && <option value="">Value</option>}
        {fixed.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
    );
  }
  return (
    <>
      <input
        type="text"
        aria-label={label}
        data-testid={`rule-value-${index}`}
        placeholder={numeric ? 'Number' : 'Value'}
        inputMode={numeric ? 'decimal' : 'text'}
        list={numeric ? undefined : listId}
        value={rule.value}
        disabled={rule.predicate === ''}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {!numeric && (
        <datalist id={listId}>
          {suggestions.map((v) => (
            <option key={v} value={v} />
          ))}
        </datalist>
      )}
    </>
  );
}
