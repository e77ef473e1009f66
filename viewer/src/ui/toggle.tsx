// A labelled checkbox toggle; `hint` explains a disabled one (an upsell) in the tooltip.
import { Tooltip } from './tooltip.tsx';

export function Toggle(props: {
  label: string;
  checked: boolean;
  onChange: (value: boolean) => void;
  testId?: string;
  disabled?: boolean;
  hint?: string;
}) {
  return (
    <Tooltip content={props.hint} disabled={props.disabled} className="tooltip-block">
      <label className="toggle" data-testid={props.testId}>
        <input
          type="checkbox"
          checked={props.checked}
          disabled={props.disabled}
          onChange={(e) => props.onChange(e.target.checked)}
        />
        <span>{props.label}</span>
      </label>
    </Tooltip>
  );
}
