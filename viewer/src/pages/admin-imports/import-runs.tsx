// The runs table: status, a progress bar with rows and rows/s, and for finished runs the summary line,
// warnings and the field-fill report (or the error of a failed run).
import { formatDate } from '../admin/admin-format.ts';
import { fileLabel, matchLine, outsideLine, progressShare, summaryLine, type ImportRun } from './api.ts';
import { scrollRegion } from '../../ui/scroll-region.ts';

export function ImportRuns(props: { runs: ImportRun[] }) {
  if (props.runs.length === 0) return <p className="muted">No imports yet.</p>;
  return (
    <ul className="import-runs" data-testid="import-runs">
      {props.runs.map((run) => (
        <RunItem key={run.id} run={run} />
      ))}
    </ul>
  );
}

function RunItem({ run }: { run: ImportRun }) {
  const share = progressShare(run);
  const { rows = 0, total = 0, rowsPerSecond = 0, phase } = run.progress;
  return (
    <li className={`import-run import-${run.status}`} data-testid={`import-run-${run.id}`}>
      <div className="import-head">
        <strong>{run.place}</strong>
        <span className="muted">
          {fileLabel(run)} · {run.dry_run ? 'dry run' : run.replace ? 'replace' : 'import'} ·{' '}
          {formatDate(run.created_at)}
        </span>
        <span className="import-status">{run.status}</span>
      </div>
      {run.attempts > 1 && (
        <p className="muted">
          Attempt {run.attempts}: the server stopped during an earlier run, which changed nothing.
        </p>
      )}
      {(run.status === 'running' || run.status === 'queued') && (
        <div className="import-progress">
          <span className="bar-track">
            <span className="bar-fill" style={{ width: `${Math.round(share * 100)}%` }} />
          </span>
          <span className="muted">
            {phase ?? 'queued'} · {rows.toLocaleString('en-US')}/{total.toLocaleString('en-US')} rows ·{' '}
            {Math.round(rowsPerSecond).toLocaleString('en-US')} rows/s
          </span>
        </div>
      )}
      {run.error && (
        <p className="error" role="alert">
          {run.error}
        </p>
      )}
      {run.report && (
        <details>
          <summary data-testid="import-summary">{summaryLine(run.report)}</summary>
          {run.report.warnings?.map((w) => (
            <p key={w} className="admin-warning">
              {w}
            </p>
          ))}
          {run.report.outside && <p data-testid="import-outside">{outsideLine(run.report.outside)}</p>}
          {run.report.proposal && (
            <ul className="import-matches" data-testid="import-matches">
              {run.report.proposal.matches.map((m) => (
                <li key={m.field}>{matchLine(m)}</li>
              ))}
            </ul>
          )}
          {run.report.unmappedColumns && (
            <p className="muted">Unmapped columns (kept in raw): {run.report.unmappedColumns.join(', ') || 'none'}</p>
          )}
          <div className="table-scroll" {...scrollRegion('Import runs')}>
            <table className="admin-table">
              <thead>
                <tr>
                  <th>Field</th>
                  <th>Source</th>
                  <th>Filled</th>
                  <th>Unreadable</th>
                  <th>Samples</th>
                </tr>
              </thead>
              <tbody>
                {(run.report.fill ?? []).map((f) => (
                  <tr key={f.field}>
                    <td>{f.field}</td>
                    <td>{f.source}</td>
                    <td>{Math.round(f.share * 100)}%</td>
                    <td>{f.unparsed}</td>
                    <td className="wrap">{f.samples.join(', ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </li>
  );
}
