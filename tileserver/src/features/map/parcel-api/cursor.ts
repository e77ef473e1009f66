// The parcel API's page cursor: base64url of the last answered row's ordering key (the order's value and
// the parcel id) with a short digest of the query it belongs to. It is opaque to callers; a damaged one,
// or one from another query, answers 400. Its values only ever become bound parameters of the keyset
// condition, so an edited cursor can at most move the start of a page within the same query.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ApiError } from '../../../errors.ts';

/** The row's ordering key: the order's value (area, distance, address or path) and the parcel id. */
export type SortKey = [value: number | string, id: string];

const cursorShape = z.object({
  q: z.string().length(11),
  k: z.tuple([z.union([z.number().finite(), z.string().max(1000)]), z.string().regex(/^[0-9]{1,19}$/)]),
});

/**
 * A digest of what was asked (the endpoint and its parameters, without the cursor, the page size and
 * the credential), so that a cursor cannot be carried to another query.
 */
export function queryDigest(path: string, query: Record<string, string>): string {
  const asked = Object.entries(query)
    .filter(([name]) => name !== 'cursor' && name !== 'limit' && name !== 'token')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256')
    .update(JSON.stringify([path, asked]))
    .digest('base64url')
    .slice(0, 11);
}

export function encodeCursor(digest: string, key: SortKey): string {
  return Buffer.from(JSON.stringify({ q: digest, k: key }), 'utf8').toString('base64url');
}

const refused = () =>
  new ApiError('BAD_REQUEST', 'cursor is not one this query answered: follow the next link of the previous page');

/** The ordering key a cursor carries; 400 for anything but a cursor this query answered. */
export function decodeCursor(cursor: string, digest: string): SortKey {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw refused();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw refused();
  }
  const shape = cursorShape.safeParse(parsed);
  if (!shape.success || shape.data.q !== digest) throw refused();
  return shape.data.k;
}
