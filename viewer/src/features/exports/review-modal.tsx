// Review Your Data: coverage of the selection from the data (top fields and their fill), the price,
// the warnings, and Download (free csv) or Add to Cart, each after saving an edited project first.
// Only managers may act.
import { useEffect, useState } from 'react';
import { formatUsd } from '@parcel-map/contracts/money';
import type { Project } from '../../state/project.ts';
import { Modal } from '../../ui/modal.tsx';
import {
  addExportToCart,
  loadCoverage,
  startExport,
  type CheckAnswer,
  type CoverageAnswer,
  type ExportFormat,
  type ExportQueryBody,
} from './api.ts';
import { useSaveFirst } from './save-first.ts';
import { WarningMessage } from './warning-message.tsx';

export function ReviewModal(props: {
  project: Project;
  fmt: ExportFormat;
  query: ExportQueryBody;
  check: CheckAnswer;
  onClose: () => void;
  onFailure: () => void;
}) {
  const { check } = props;
  const [coverage, setCoverage] = useState<CoverageAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const { pendingSave, saveFirst } = useSaveFirst();
  useEffect(() => {
    loadCoverage(props.project.path, props.fmt, props.query).then(setCoverage, () => setCoverage(null));
  }, [props.project.path, props.fmt, props.query]);
  const download = check.quote.free_download;
  const allowed = download ? check.quote.can_download : check.quote.can_add_to_cart;
  const act = async () => {
    setBusy(true);
    try {
      await saveFirst();
      if (download) {
        const started = await startExport(props.project.id, props.fmt, props.query);
        location.assign(started.url);
        // The pending-download flag clears after 1 s (spec section 4).
        setTimeout(() => {
          setBusy(false);
          props.onClose();
        }, 1000);
      } else {
        const cart = await addExportToCart(props.project.id, props.fmt, props.query);
        location.assign(cart.url);
      }
    } catch {
      setBusy(false);
      props.onFailure();
    }
  };
  return (
    <Modal title="Review Your Data" testId="export-review-modal" onClose={props.onClose}>
      <div className="export-coverage" data-testid="export-coverage">
        {coverage === null ? (
          <p className="muted">
            <span className="export-spinner" /> Loading coverage…
          </p>
        ) : (
          <>
            <p>
              <strong>{coverage.verse_record.headline}</strong>
              {coverage.county.admin1 ? `, ${coverage.county.admin1}` : ''} · {check.count.toLocaleString('en-US')}{' '}
              parcels
            </p>
            <table>
              <tbody>
                {coverage.top_fields.map((f) => (
                  <tr key={f.name} data-testid="coverage-field">
                    <td>{coverage.schema[f.name] ?? f.name}</td>
                    <td className="num">{f.percent}%</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="muted small">
              Fill of each field in{' '}
              {coverage.sampled === check.count
                ? 'the selection'
                : `the first ${coverage.sampled.toLocaleString('en-US')} parcels`}
              ; {coverage.coverage_fields.length} fields in the file.
            </p>
          </>
        )}
      </div>
      <p data-testid="export-review-price">
        Price: <strong>{formatUsd(check.quote.price_cents)}</strong>
        {check.quote.free_applied > 0
          ? ` (${check.quote.free_applied.toLocaleString('en-US')} free records applied)`
          : ''}
      </p>
      {(check.warnings.length > 0 || check.manager_message) && (
        <div className="export-warnings" role="alert">
          {check.warnings.map((w) => (
            <WarningMessage key={w.code} warning={w} />
          ))}
          {check.manager_message && <p>{check.manager_message}</p>}
        </div>
      )}
      <button
        type="button"
        className="button primary"
        data-testid="export-review-action"
        disabled={!allowed || busy}
        onClick={() => void act()}
      >
        {busy && <span className="export-spinner" />} {download ? 'Download' : 'Add to Cart'}
      </button>
      {pendingSave && (
        <p className="small muted" role="status" data-testid="export-saving">
          Saving the project first, so it shows what you export…
        </p>
      )}
    </Modal>
  );
}
