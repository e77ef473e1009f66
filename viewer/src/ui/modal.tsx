// A modal dialog over a backdrop; a click on the backdrop closes it.
import type { ReactNode } from 'react';

export function Modal(props: { title: string; testId: string; onClose: () => void; children: ReactNode }) {
  return (
    <div className="modal-backdrop" onClick={props.onClose}>
      <div
        role="dialog"
        aria-modal="true"
        aria-label={props.title}
        className="modal"
        data-testid={props.testId}
        onClick={(e) => e.stopPropagation()}
      >
        <header className="panel-header">
          <h2>{props.title}</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={props.onClose}>
            ×
          </button>
        </header>
        <div className="panel-body">{props.children}</div>
      </div>
    </div>
  );
}
