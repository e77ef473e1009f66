// One export warning as a paragraph: its message and, when the server gives one, its link (the Data
// Store for exports too large for the export tool), so the buyer is one click from the alternative.
import type { ExportWarning } from './api.ts';

export function WarningMessage(props: { warning: ExportWarning }) {
  const w = props.warning;
  return (
    <p>
      {w.message}
      {w.link && (
        <>
          {' '}
          <a href={w.link.href} data-testid={`export-warning-link-${w.code}`}>
            {w.link.label}
          </a>
        </>
      )}
    </p>
  );
}
