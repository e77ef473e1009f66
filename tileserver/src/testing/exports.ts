// Exports for tests: a pending export of a place for a Pro user, stored as an order or a project stores
// one, and its file written by the export job's own file maker, read back as text.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { Sql } from '../db/client.ts';
import { makeExportFile } from '../features/commerce/exports/make-file.ts';
import { type ExportRow, exportById, insertExport } from '../features/commerce/exports/queries.ts';
import type { SelectionDefinition } from '../features/commerce/exports/selection.ts';

export async function testExport(
  sql: Sql,
  e: { userId: number; path: string; format: string; definition: SelectionDefinition; requested?: number },
): Promise<ExportRow> {
  const id = await insertExport(sql, {
    groupId: null,
    userId: e.userId,
    projectId: null,
    orderId: null,
    kind: 'export',
    path: e.path,
    format: e.format,
    product: null,
    level: 'pro',
    definition: e.definition,
    requested: e.requested ?? 1,
    freeRows: 0,
    priceCents: 0,
    token: `test-${e.format}-${Date.now()}-${Math.random()}`,
    createdAt: new Date(),
    expiresAt: new Date(Date.now() + 86400_000),
  });
  return (await exportById(sql, id))!;
}

/** The text of an export's file as the export job writes it (csv, GeoJSON, ...), under `dataDir`. */
export async function testExportText(row: ExportRow, dataDir: string): Promise<string> {
  const { filename } = await makeExportFile(row, { databaseUrl: inject('databaseUrl'), dataDir });
  return readFileSync(join(dataDir, 'exports', filename), 'utf8');
}
