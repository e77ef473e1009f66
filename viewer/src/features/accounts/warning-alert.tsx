// A warning alert that removes itself after 5 seconds (spec: alerts auto-dismiss after 5 s), or at once
// with its close button. Used by the account forms and pages for the server's error messages.
import { useEffect, useState } from 'react';
import { alertMs } from '../../state/ui.ts';

export interface Warning {
  text: string;
  /** Changes for every new error, so the same text twice shows (and times out) again. */
  id: number;
  link?: { href: string; label: string };
  /** Stays until dismissed: for answers the user must act on (all seats taken). */
  sticky?: boolean;
}

let nextWarning = 1;
export function warningOf(text: string, options: { link?: Warning['link']; sticky?: boolean } = {}): Warning {
  return { text, id: nextWarning++, ...options };
}

export function WarningAlert({ warning, testId = 'warning-alert' }: { warning: Warning | null; testId?: string }) {
  const [shown, setShown] = useState<Warning | null>(warning);
  useEffect(() => {
    setShown(warning);
    if (!warning || warning.sticky) return;
    const timer = setTimeout(() => setShown(null), alertMs);
    return () => clearTimeout(timer);
  }, [warning]);
  if (!shown) return null;
  return (
    <div role="alert" className="alert alert-warning inline-alert" data-testid={testId}>
      <span>
        {shown.text}
        {shown.link && (
          <>
            {' '}
            <a href={shown.link.href}>{shown.link.label}</a>
          </>
        )}
      </span>
      <button type="button" className="icon-button" aria-label="Dismiss" onClick={() => setShown(null)}>
        ×
      </button>
    </div>
  );
}
