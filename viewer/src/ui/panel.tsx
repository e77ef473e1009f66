// Small design primitives: a titled floating panel, a collapsible section, a modal dialog, a toggle.
import { useId, useState, type ReactNode } from 'react';

export function Panel(props: { title: string; testId: string; onClose: () => void; children: ReactNode; className?: string; actions?: ReactNode }) {
  return (
    <section className={`panel ${props.className ?? ''}`} data-testid={props.testId} aria-label={props.title}>
      <header className="panel-header">
        <h2>{props.title}</h2>
        {props.actions && <span className="panel-actions">{props.actions}</span>}
        <button type="button" className="icon-button" aria-label={`Close ${props.title}`} onClick={props.onClose}>×</button>
      </header>
      <div className="panel-body">{props.children}</div>
    </section>
  );
}

export function Section(props: { title: string; defaultOpen?: boolean; testId?: string; children: ReactNode }) {
  const [open, setOpen] = useState(props.defaultOpen ?? true);
  const id = useId();
  return (
    <div className="section" data-testid={props.testId} data-open={open}>
      <button type="button" className="section-toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        <span className="chevron">{open ? '▾' : '▸'}</span> {props.title}
      </button>
      {open && <div id={id} className="section-body">{props.children}</div>}
    </div>
  );
}

export function Modal(props: { title: string; testId: string; onClose: () => void; children: ReactNode }) {
  return (
    <div className="modal-backdrop" onClick={props.onClose}>
      <div role="dialog" aria-modal="true" aria-label={props.title} className="modal" data-testid={props.testId} onClick={(e) => e.stopPropagation()}>
        <header className="panel-header">
          <h2>{props.title}</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={props.onClose}>×</button>
        </header>
        <div className="panel-body">{props.children}</div>
      </div>
    </div>
  );
}

export function Toggle(props: { label: string; checked: boolean; onChange: (value: boolean) => void; testId?: string; disabled?: boolean; hint?: string }) {
  return (
    <label className="toggle" data-testid={props.testId} title={props.hint}>
      <input type="checkbox" checked={props.checked} disabled={props.disabled} onChange={(e) => props.onChange(e.target.checked)} />
      <span>{props.label}</span>
    </label>
  );
}
