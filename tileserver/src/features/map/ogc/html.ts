// The HTML encoding of the OGC API (its HTML conformance classes): one small server-rendered page per
// resource, its links and a table, every value escaped. No React and no scripts: a browser or a crawler
// following the links reads the same resources the JSON describes. Also the negotiation between them.
import type { Context } from 'hono';

export interface OgcLink {
  href: string;
  rel: string;
  type?: string;
  title?: string;
  templated?: boolean;
}

export interface HtmlTable {
  columns: readonly string[];
  rows: readonly (readonly unknown[])[];
}

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: unknown): string {
  const text =
    value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.replace(/[&<>"']/g, (ch) => entities[ch]!);
}

/**
 * HTML when asked by `f=html`, or (without `f`) when the Accept header prefers text/html to JSON, as a
 * browser's does; JSON otherwise, so GIS clients and scripts that send no Accept get JSON.
 */
export function wantsHtml(c: Context, f: string | undefined): boolean {
  if (f) return f === 'html';
  const accept = (c.req.header('accept') ?? '').toLowerCase();
  const html = accept.indexOf('text/html');
  if (html < 0) return false;
  const json = Math.min(
    ...['application/json', 'application/geo+json'].map((t) => accept.indexOf(t)).map((i) => (i < 0 ? Infinity : i)),
  );
  return html < json;
}

/** A page: the title, an optional description, the links (templated ones as text) and tables. */
export function ogcPage(
  title: string,
  description: string,
  links: readonly OgcLink[],
  tables: HtmlTable[] = [],
): string {
  const linkItems = links
    .map((link) => {
      const label = `${escapeHtml(link.title ?? link.rel)} <small>(${escapeHtml(link.rel)}${link.type ? `, ${escapeHtml(link.type)}` : ''})</small>`;
      // Only web addresses become anchors: a templated or odd href is shown as text.
      return link.templated || !/^(https?:\/\/|\/)/.test(link.href)
        ? `<li>${label}: <code>${escapeHtml(link.href)}</code></li>`
        : `<li><a href="${escapeHtml(link.href)}">${label}</a></li>`;
    })
    .join('\n');
  const tableHtml = tables
    .map(
      (table) =>
        `<table><thead><tr>${table.columns.map((c) => `<th>${escapeHtml(c)}</th>`).join('')}</tr></thead><tbody>\n${table.rows
          .map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`)
          .join('\n')}\n</tbody></table>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:15px/1.45 system-ui,sans-serif;margin:2rem;max-width:70rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2rem .5rem;text-align:left;vertical-align:top}</style>
</head><body>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(description)}</p>
<ul>
${linkItems}
</ul>
${tableHtml}
</body></html>`;
}

/** An HTML answer that no shared cache keeps (some pages show the caller's own fields). */
export function htmlAnswer(c: Context, html: string): Response {
  return c.html(html, 200, { 'Cache-Control': 'private, no-store', Vary: 'Accept' });
}
