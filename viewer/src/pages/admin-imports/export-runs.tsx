// The exports list of the admin imports-and-exports page: every user's export and store files,
// running first, with the export's own status text, a progress bar while it runs, and its error.
import { formatDate } from '../admin/admin-format.ts';
import type { ExportRun } from './api.ts';

export function ExportRuns(props: { runs: ExportRun[] }) {
  if (props.runs.length === 0) return <p className="muted">No exports yet.</p>;
  return (
    <ul className="import-runs" data-testid="export-runs">
      {props.runs.map((run) => (
        <li key={run.id} className={`import-run export-status-${run.status}`} data-testid={`export-run-${run.id}`}>
          <div className="import-head">
            <strong>{run.path}</strong>
            <span className="muted">
              {run.kind === 'store' ? `store file${run.product ? ` ${run.product}` : ''}` : 'export'} · {run.format} ·{' '}
              {run.user_email} · {formatDate(run.created_at)}
            </span>
            <span className="import-status export-status">{run.status_text}</span>
          </div>
          {run.status === 1 && (
            <div className="import-progress">
              <span className="bar-track">
                <span className="bar-fill" style={{ width: `${run.progress}%` }} />
              </span>
              <span className="muted">
                {run.progress}% of {run.requested.toLocaleString('en-US')} parcels
                {run.attempts > 1 ? ` · attempt ${run.attempts}` : ''}
              </span>
            </div>
          )}
          {run.status === 2 && (
            <p className="muted">
              {(run.rows_written ?? run.requested).toLocaleString('en-US')} parcels written
              {run.finished_at ? ` · ${formatDate(run.finished_at)}` : ''}
            </p>
          )}
          {run.error && run.error !== run.status_text && (
            <p className="error" role="alert">
              {run.error}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
