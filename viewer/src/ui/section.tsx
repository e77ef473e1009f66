// A collapsible section with a chevron toggle, open by default.
import { useId, useState, type ReactNode } from 'react';

export function Section(props: { title: string; defaultOpen?: boolean; testId?: string; children: ReactNode }) {
  const [open, setOpen] = useState(props.defaultOpen ?? true);
  const id = useId();
  return (
    <div className="section" data-testid={props.testId} data-open={open}>
      <button
        type="button"
        className="section-toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        <span className="chevron">{open ? '▾' : '▸'}</span> {props.title}
      </button>
      {open && (
        <div id={id} className="section-body">
          {props.children}
        </div>
      )}
    </div>
  );
}
