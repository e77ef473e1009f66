// One style rule: drag handle, column, predicate, value, fill colour, line colour and delete. The handle
// reorders by drag and drop, or by keyboard (focus it, then Arrow Up / Arrow Down).
import type { DragEvent, KeyboardEvent } from 'react';
import {
  predicateLabels,
  predicatesFor,
  withField,
  withPredicate,
  type FilterOption,
  type Predicate,
  type RuleRow,
} from '../../model/style-rules.ts';
import { ValueInput } from './value-input.tsx';

export interface RuleRowProps {
  rule: RuleRow;
  index: number;
  count: number;
  options: FilterOption[];
  optionsByKey: ReadonlyMap<string, FilterOption>;
  complete: boolean;
  dragging: boolean;
  onChange: (rule: RuleRow) => void;
  onDelete: () => void;
  onMove: (from: number, to: number) => void;
  onDragStart: (index: number) => void;
  onDragEnd: () => void;
  dragFrom: number | null;
}

/** Colour inputs take #rrggbb; the alpha of a stored #rrggbbaa colour is kept when the colour changes. */
function withAlpha(picked: string, previous: string): string {
  return previous.length === 9 ? `${picked}${previous.slice(7)}` : picked;
}

export function RuleRowEditor(props: RuleRowProps) {
  const { rule, index, optionsByKey } = props;
  const option = optionsByKey.get(rule.field);
  const n = index + 1;

  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    // The arrows move the rule here; on the document they would pan the map.
    e.preventDefault();
    e.stopPropagation();
    if (e.key === 'ArrowUp' && index > 0) props.onMove(index, index - 1);
    else if (e.key === 'ArrowDown' && index < props.count - 1) props.onMove(index, index + 1);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    if (props.dragFrom !== null && props.dragFrom !== index) props.onMove(props.dragFrom, index);
    props.onDragEnd();
  };

  return (
    <li
      className={`style-rule ${props.dragging ? 'dragging' : ''} ${props.complete ? '' : 'incomplete'}`}
      data-testid={`style-rule-${index}`}
      draggable
      onDragStart={(e) => {
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', String(index));
        props.onDragStart(index);
      }}
      onDragEnd={props.onDragEnd}
      onDragOver={(e) => {
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
      }}
      onDrop={onDrop}
    >
      <button
        type="button"
        className="drag-handle"
        data-testid={`rule-handle-${index}`}
        onKeyDown={onKey}
        aria-label={`Move rule ${n} of ${props.count} (Arrow Up or Arrow Down, or drag)`}
        title="Drag to reorder"
      >
        ⠿
      </button>
      <select
        aria-label={`Column of rule ${n}`}
        data-testid={`rule-field-${index}`}
        value={rule.field}
        onChange={(e) => props.onChange(withField(rule, e.target.value, optionsByKey.get(e.target.value)))}
      >
        <option value="">Column</option>
        {props.options.map((o) => (
          <option key={o.key} value={o.key}>
            {o.label}
          </option>
        ))}
      </select>
      <select
        aria-label={`Predicate of rule ${n}`}
        data-testid={`rule-predicate-${index}`}
        value={rule.predicate}
        disabled={!option}
        onChange={(e) => props.onChange(withPredicate(rule, e.target.value as Predicate, option))}
      >
        <option value="">Predicate</option>
        {predicatesFor(option).map((p) => (
          <option key={p} value={p}>
            {predicateLabels[p]}
          </option>
        ))}
      </select>
      <ValueInput rule={rule} option={option} index={index} onChange={(value) => props.onChange({ ...rule, value })} />
      <label className="rule-color" title="Fill colour">
        <span className="visually-hidden">Fill colour of rule {n}</span>
        <input
          type="color"
          data-testid={`rule-fill-${index}`}
          value={rule.fill.slice(0, 7)}
          onChange={(e) => props.onChange({ ...rule, fill: withAlpha(e.target.value, rule.fill) })}
        />
      </label>
      <label className="rule-color" title="Line colour">
        <span className="visually-hidden">Line colour of rule {n}</span>
        <input
          type="color"
          data-testid={`rule-line-${index}`}
          value={rule.line.slice(0, 7)}
          onChange={(e) => props.onChange({ ...rule, line: withAlpha(e.target.value, rule.line) })}
        />
      </label>
      <button
        type="button"
        className="icon-button"
        data-testid={`rule-delete-${index}`}
        aria-label={`Delete rule ${n}`}
        onClick={props.onDelete}
      >
        ×
      </button>
    </li>
  );
}
