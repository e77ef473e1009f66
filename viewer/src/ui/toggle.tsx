// A labelled checkbox toggle.
export function Toggle(props: {
  label: string;
  checked: boolean;
  onChange: (value: boolean) => void;
  testId?: string;
  disabled?: boolean;
  hint?: string;
}) {
  return (
    <label className="toggle" data-testid={props.testId} title={props.hint}>
      <input
        type="checkbox"
        checked={props.checked}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <span>{props.label}</span>
    </label>
  );
}
