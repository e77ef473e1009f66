// The admin imports page's calls (upload the file as the raw body, start the import) and the pure
// helpers that turn a run into what the page shows (progress share, the loaders' summary line, the
// proposal's matches) and an unknown place's 400 into the places it suggests.
import type {
  ExportRun,
  ImportRun,
  ImportsExportsAnswer,
  ProposedMatch,
  StartImportBody,
} from '@parcel-map/contracts/ops/imports';
import type { ErrorBody } from '@parcel-map/contracts/errors';
import { ApiError, apiUrl, getCsrfToken, sendJson } from '../../api/client.ts';

export type { ExportRun, ImportRun, ImportsExportsAnswer };

/** Whether anything on the page still moves (the page polls while it does). */
export function anyActive(answer: ImportsExportsAnswer): boolean {
  return (
    answer.imports.some((r) => r.status === 'queued' || r.status === 'running') ||
    answer.exports.some((e) => e.status === 1)
  );
}

export async function uploadFile(file: File): Promise<{ upload: string; bytes: number }> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/octet-stream' };
  const csrf = getCsrfToken();
  if (csrf) headers['X-CSRF-Token'] = csrf;
  const response = await fetch(apiUrl('/admin/imports/uploads', { name: file.name }), {
    method: 'POST',
    headers,
    body: file,
  });
  const body = (await response.json().catch(() => null)) as
    | ({ upload: string; bytes: number } & Partial<ErrorBody>)
    | null;
  if (!response.ok)
    throw new ApiError(
      response.status,
      body?.error?.code ?? 'HTTP_ERROR',
      body?.error?.message ?? `${response.status} ${response.statusText}`,
    );
  return body!;
}

export function startImport(body: StartImportBody): Promise<ImportRun> {
  return sendJson<ImportRun>('POST', '/admin/imports', body);
}

/** The name the admin uploaded, without the server's random prefix. */
export function uploadLabel(file: string): string {
  return file.replace(/^[a-f0-9]{16}-/, '');
}

/** What the page says of a run's file: the upload's name, or the path `npm run import` read, marked as such. */
export function fileLabel(run: Pick<ImportRun, 'file' | 'started_from'>): string {
  return run.started_from === 'command_line' ? `${run.file} · started from the command line` : uploadLabel(run.file);
}

/** Share 0..1 of the run done: the reading phase by rows, later phases near the end. */
export function progressShare(run: Pick<ImportRun, 'status' | 'progress'>): number {
  if (run.status === 'done') return 1;
  if (run.status === 'queued') return 0;
  const { phase, rows = 0, total = 0 } = run.progress;
  const reading = total > 0 ? Math.min(1, rows / total) : 0;
  if (phase === 'reading' || !phase) return 0.6 * reading;
  return { checking: 0.65, loading: 0.75, deriving: 0.9 }[phase as 'checking' | 'loading' | 'deriving'] ?? 0.6;
}

/** "read 10, loaded 6, repaired 1, skipped 4 (duplicate 1, null_geometry 1, ...)", as the command prints it. */
export function summaryLine(report: NonNullable<ImportRun['report']>): string {
  const reasons = Object.entries(report.details ?? {})
    .map(([reason, n]) => `${reason} ${n}`)
    .join(', ');
  return `read ${report.read}, loaded ${report.loaded}, repaired ${report.repaired}, skipped ${report.skipped}${reasons ? ` (${reasons})` : ''}`;
}

export interface PlaceSuggestion {
  path: string;
  headline: string;
}

/**
 * The closest real places a 400 for an unknown place names (details.suggestions), which the form
 * offers as buttons; none for any other error.
 */
export function placeSuggestions(error: unknown): PlaceSuggestion[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const list = (error.details as { suggestions?: unknown } | undefined)?.suggestions;
  if (!Array.isArray(list)) return [];
  return list.filter((s): s is PlaceSuggestion => typeof s?.path === 'string' && typeof s?.headline === 'string');
}

/** "PID -> parcelnumb 95%: the name PID is ...": one proposed match as the report lists it. */
export function matchLine(m: ProposedMatch): string {
  return `${m.columns.join(' + ')} → ${m.field} (${Math.round(m.confidence * 100)}%): ${m.reason}`;
}

/** Parcels outside the place: how many were kept (how far at most) and how many refused. */
export function outsideLine(o: NonNullable<NonNullable<ImportRun['report']>['outside']>): string {
  const m = (n: number) => `${Math.round(n).toLocaleString('en-US')} m`;
  const kept = `${o.kept} parcels outside ${o.place} kept (at most ${m(o.maxMeters)} from its boundary)`;
  return o.refused > 0 ? `${kept}, ${o.refused} refused as more than ${m(o.limitMeters)} away` : kept;
}

/** Parses the mapping textarea: empty means "propose one"; anything else must be a JSON object. */
export function parseMapping(text: string): { mapping?: Record<string, unknown>; error?: string } {
  if (text.trim() === '') return {};
  try {
    const value = JSON.parse(text) as unknown;
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      return { error: 'The mapping must be a JSON object: {"parcelnumb": "APN", ...}' };
    return { mapping: value as Record<string, unknown> };
  } catch (error) {
    return { error: `The mapping is not valid JSON: ${(error as Error).message}` };
  }
}
