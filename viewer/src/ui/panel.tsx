// A titled floating panel with a close button and optional header actions.
import type { ReactNode } from 'react';

export function Panel(props: {
  title: string;
  testId: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  actions?: ReactNode;
}) {
  return (
    <section className={`panel ${props.className ?? ''}`} data-testid={props.testId} aria-label={props.title}>
      <header className="panel-header">
        <h2>{props.title}</h2>
        {props.actions && <span className="panel-actions">{props.actions}</span>}
        <button type="button" className="icon-button" aria-label={`Close ${props.title}`} onClick={props.onClose}>
          ×
        </button>
      </header>
      <div className="panel-body">{props.children}</div>
    </section>
  );
}
