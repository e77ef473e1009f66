// The #export tab (spec: Export panel): format buttons, counts, pricing note, footer, filter summary,
// the Review Data button with its two labels, the warning box, and the Free Downloads history.
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatUsd } from '@parcel-map/contracts/money';
import { placePathAtom } from '../../state/selection.ts';
import { activeFiltersAtom, currentProjectAtom } from '../../state/project.ts';
import { pickedParcelsAtom } from '../../state/export-selection.ts';
import { isParcelPath } from '../../state/url.ts';
import {
  checkExport,
  loadCounts,
  type CheckAnswer,
  type ExportCounts,
  type ExportFormat,
  type ExportQueryBody,
} from './api.ts';
import { ExportHistory } from './export-history.tsx';
import { PickedParcels } from './picked-parcels.tsx';
import { ReviewModal } from './review-modal.tsx';
import { WarningMessage } from './warning-message.tsx';
import { ExportDatasets, useExportableDatasets } from './export-datasets.tsx';
import { Tooltip } from '../../ui/tooltip.tsx';
import { ApiError } from '../../api/client.ts';

const tilesNote = 'Vector tiles of the parcels, zooms 11-16, for maps that work offline';
const formats: { fmt: ExportFormat; label: string; title?: string }[] = [
  { fmt: 'csv', label: 'Spreadsheet' },
  { fmt: 'shp', label: 'Shapefile' },
  { fmt: 'kml', label: 'KML' },
  { fmt: 'mbtiles', label: 'MBTiles', title: `${tilesNote} (QGIS, GDAL, tile servers)` },
  { fmt: 'pmtiles', label: 'PMTiles', title: `${tilesNote} (one file a web map reads directly)` },
];
export const failureText = 'Something went wrong, please try again.';
/** A refusal in the server's own words (a dataset over its size cap, a parcel outside the place); anything else
 * (a network error, a 5xx, a proxy's page) is the generic failure. */
export const refusalText = (error: unknown): string =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.code !== 'HTTP_ERROR'
    ? error.message
    : failureText;
export const softDisabledTip =
  'An export with datasets takes one parcel filter at most: remove the datasets or all but one parcel filter to export.';
const n = (value: number | undefined) => (value === undefined ? '…' : value.toLocaleString('en-US'));

function filterSummary(query: ExportQueryBody): string {
  const parts = Object.entries(query.parcel).map(([field, value]) =>
    Array.isArray(value)
      ? `${field} is ${value.join(' or ')}`
      : `${field} ${Object.entries(value as object)
          .map(([op, v]) => `${{ gte: '≥', lte: '≤', gt: '>', lt: '<' }[op] ?? op} ${String(v)}`)
          .join(' and ')}`,
  );
  return parts.length ? parts.join('; ') : 'All parcels';
}

export function ExportPane(props: { onClose: () => void }) {
  const project = useAtomValue(currentProjectAtom);
  const placePath = useAtomValue(placePathAtom);
  const filters = useAtomValue(activeFiltersAtom);
  const [fmt, setFmt] = useState<ExportFormat>('csv');
  const [counts, setCounts] = useState<ExportCounts | null>(null);
  const [check, setCheck] = useState<CheckAnswer | null>(null);
  const [pending, setPending] = useState(0);
  const [warning, setWarning] = useState<string | null>(null);
  const [reviewing, setReviewing] = useState(false);
  const [focusId, setFocusId] = useState<number | null>(null);
  const picked = useAtomValue(pickedParcelsAtom);
  const [usePicked, setUsePicked] = useState(true);
  const pickedOn = usePicked && picked.length > 0;
  const warningRef = useRef<HTMLDivElement>(null);
  const exportable = useExportableDatasets();
  const [chosenDatasets, setChosenDatasets] = useState<string[]>([]);
  const datasetKeys = chosenDatasets.filter((k) => exportable.some((d) => d.key === k));
  const datasetsKey = datasetKeys.join(',');

  const path =
    placePath && !isParcelPath(placePath) && project && placePath.startsWith(project.root.path)
      ? placePath
      : project?.root.path;
  // Hand-picked parcels are looked up in the whole project, wherever the map is.
  const query = useMemo<ExportQueryBody | null>(() => {
    if (!path || !project) return null;
    const datasets = datasetsKey ? { datasets: Object.fromEntries(datasetsKey.split(',').map((k) => [k, {}])) } : {};
    return pickedOn
      ? { path: project.root.path, parcel: {}, parcels: picked, ...datasets }
      : { path, parcel: filters, ...(focusId ? { focus_area_id: focusId } : {}), ...datasets };
  }, [path, project, filters, focusId, pickedOn, picked, datasetsKey]);
  const focusAreas = project?.regions.flatMap((r) => r.focus_areas) ?? [];

  // Requests in flight are counted: spinners show while any is pending.
  const track = async <T,>(work: Promise<T>): Promise<T | undefined> => {
    setPending((p) => p + 1);
    try {
      return await work;
    } catch (error) {
      setWarning(refusalText(error));
      return undefined;
    } finally {
      setPending((p) => p - 1);
    }
  };

  // An answer to an older query is dropped: the first render asks before the project's filters are in
  // the map state, and that slower count (every parcel of the place) could land after the filtered one.
  useEffect(() => {
    if (!project || !query) return;
    let live = true;
    void track(loadCounts(project.path, query)).then((c) => live && c && setCounts(c));
    return () => {
      live = false;
    };
  }, [project, query]);
  useEffect(() => {
    if (!project || !query) return;
    let live = true;
    setCheck(null);
    void track(checkExport(project.path, fmt, query)).then((c) => {
      if (!live || !c) return;
      setCheck(c);
      // A refusal of the previous query (a dataset since left out) no longer holds.
      setWarning((w) => (w === failureText ? w : null));
    });
    return () => {
      live = false;
    };
  }, [project, query, fmt]);
  useEffect(() => {
    if (warning) warningRef.current?.scrollIntoView({ block: 'nearest' });
  }, [warning]);

  const multiFilter = Object.keys(filters).length > 1;
  // The parcels and at least one dataset: more than one table in the file.
  const multiTable = datasetKeys.length > 0;
  const softDisabled = multiTable && multiFilter;
  const q = check?.quote;
  // The check was refused (not failed): the review button explains why, as the soft-disable does.
  const refused = !check && pending === 0 && warning !== null && warning !== failureText;

  return (
    <aside className="export-tab" data-testid="export-tab" aria-label="Export">
      <header className="panel-header">
        <h2>
          Export Parcel Data{' '}
          {pending > 0 && <span className="export-spinner" data-testid="export-spinner" aria-label="Loading" />}
        </h2>
        <button type="button" className="icon-button" aria-label="Close Export" onClick={props.onClose}>
          ×
        </button>
      </header>
      <div className="panel-body">
        {!project || !query ? (
          <p data-testid="export-empty">
            Exports work on a saved project. <a href="#a=new-project">Create Project</a>
          </p>
        ) : (
          <>
            <div className="export-formats" role="group" aria-label="Format">
              {formats.map((f) => (
                <button
                  key={f.fmt}
                  type="button"
                  className="button"
                  aria-pressed={fmt === f.fmt}
                  data-testid={`export-format-${f.fmt}`}
                  title={f.title}
                  onClick={() => setFmt(f.fmt)}
                >
                  {f.label}
                </button>
              ))}
            </div>
            <PickedParcels use={usePicked} onUse={setUsePicked} />
            <ExportDatasets
              datasets={exportable}
              chosen={datasetKeys}
              onChange={setChosenDatasets}
              counts={check?.datasets}
            />
            {focusAreas.length > 0 && !pickedOn && (
              <label className="small">
                Export{' '}
                <select
                  value={focusId ?? ''}
                  onChange={(e) => setFocusId(e.target.value ? Number(e.target.value) : null)}
                  data-testid="export-focus-area"
                >
                  <option value="">the whole place</option>
                  {focusAreas.map((f) => (
                    <option key={f.id} value={f.id}>
                      {f.headline}
                    </option>
                  ))}
                </select>
              </label>
            )}
            {check?.limits.monthly !== undefined && (
              <p className="small" data-testid="export-allowance">
                Your plan includes {n(check.limits.monthly)} free spreadsheet rows a month:{' '}
                <strong>{n(check.limits.remaining)} left</strong> this month.
              </p>
            )}
            <p className="muted small" data-testid="export-pricing-note">
              Spreadsheets include {n(check?.limits.remaining)} free records this month, then $0.10 per record;
              Shapefile and KML are $0.15 per record. Minimum order: 10 parcels.
            </p>
            <dl className="export-counts" data-testid="export-counts">
              <dt>Parcels in this selection</dt>
              <dd data-testid="export-current-count">{n(counts?.currentCount)}</dd>
              <dt>Parcels in the project</dt>
              <dd>{n(counts?.projectCount)}</dd>
              <dt>All parcels here</dt>
              <dd>{n(counts?.allCount)}</dd>
            </dl>
            <p className="small" data-testid="export-filter-summary">
              <strong>{query.path}</strong>
              {focusId && !pickedOn
                ? ` within ${focusAreas.find((f) => f.id === focusId)?.name ?? 'the focus area'}`
                : ''}
              : {pickedOn ? `${picked.length.toLocaleString('en-US')} picked parcels` : filterSummary(query)}.{' '}
              <a href="https://support.parcel-map.org/exports" target="_blank" rel="noreferrer">
                Export guidelines
              </a>
            </p>
            {(warning || (check && check.warnings.length > 0) || check?.manager_message) && (
              <div className="export-warnings" ref={warningRef} role="alert" data-testid="export-warnings">
                {warning && <p>{warning}</p>}
                {check?.warnings.map((w) => (
                  <WarningMessage key={w.code} warning={w} />
                ))}
                {check?.manager_message && <p>{check.manager_message}</p>}
              </div>
            )}
            <dl className="export-footer" data-testid="export-footer">
              <dt>Selected</dt>
              <dd>{n(check?.count)}</dd>
              <dt>Free records applied</dt>
              <dd data-testid="export-free-applied">{n(q?.free_applied)}</dd>
              <dt>Format price</dt>
              <dd>{q ? `${formatUsd(q.cents_per_record)} / record` : '…'}</dd>
              <dt>Total</dt>
              <dd data-testid="export-total">{q ? formatUsd(q.price_cents) : '…'}</dd>
            </dl>
            <Tooltip
              content={softDisabled ? softDisabledTip : refused ? warning : undefined}
              disabled={softDisabled || refused}
              testId="export-review-tip"
            >
              <button
                type="button"
                className="button primary export-review"
                data-testid="export-review"
                disabled={!check}
                aria-disabled={softDisabled}
                onClick={() => !softDisabled && setReviewing(true)}
              >
                {check?.review_label ?? 'Review Data & Proceed to Cart'}
              </button>
            </Tooltip>
            <ExportHistory projectPath={project.path} />
          </>
        )}
      </div>
      {reviewing && project && query && check && (
        <ReviewModal
          project={project}
          fmt={fmt}
          query={query}
          check={check}
          onClose={() => setReviewing(false)}
          onFailure={() => {
            setReviewing(false);
            setWarning(failureText);
          }}
        />
      )}
    </aside>
  );
}
