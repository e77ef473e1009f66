// The id of a source: a hash of its canonical definition, so the same definition in any key order
// gets the same id (and the same cached tiles).
import { createHash } from 'node:crypto';
import type { SourceDefinition } from '@parcel-map/contracts/map/source-definition';

export const sourceIdPattern = /^[0-9a-f]{20}$/;

export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Any stored definition: parcel, buildings or zoning (their queries differ, so their ids never meet). */
export function sourceId(definition: SourceDefinition | object): string {
  return createHash('sha256').update(canonicalJson(definition)).digest('hex').slice(0, 20);
}
