// A database that goes away during an import (a restart, a failover, a killed backend) surfaced as
// whatever the client was doing at that moment: PostgreSQL's "terminating connection", postgres.js's
// CONNECTION_CLOSED, or, from a COPY stream writing to the closed socket, `TypeError: Cannot read
// properties of null (reading 'write')`. Each is one condition for the person importing: say so, with
// the phase and what the database kept, which the per-place transaction makes "nothing".
import type { Sql } from '@parcel-map/tileserver/db/client';
import { ImportInputError } from './ogr.ts';

/** Connection errors of postgres.js, node's sockets and PostgreSQL's shutdown/terminate codes (class 57P, 08). */
const codes = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
]);

// What ogr2ogr (libpq) prints when the server goes away while it COPYs into the stage table.
const messages =
  /terminating connection|server closed the connection unexpectedly|connection to server .* failed|could not connect to server|no connection to the server|Connection refused/i;

export function isConnectionLost(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && codes.has(code)) return true;
  // postgres.js writing a COPY chunk (or a message) after its socket was closed and nulled.
  if (error instanceof TypeError && /reading 'write'/.test(error.message)) return true;
  return messages.test(error.message);
}

/** The import stopped because the database went away; the message says the phase and what was kept. */
export class ImportConnectionLostError extends ImportInputError {
  constructor(
    readonly phase: string,
    detail: string,
    cause?: unknown,
  ) {
    super(`The database connection was lost during the import (phase ${phase}). ${detail}`, { cause });
  }
}

/**
 * The error to throw for `error` raised in `phase` of the import of `place`: a lost connection becomes
 * an ImportConnectionLostError; anything else is answered as it is.
 */
export function connectionLost(error: unknown, phase: string, place: string, committed: boolean): unknown {
  if (!isConnectionLost(error) || error instanceof ImportConnectionLostError) return error;
  const detail = committed
    ? `The parcels of ${place} were committed before it was lost; only the statistics refresh did not run (ANALYZE parcels, or the next import, does it).`
    : `Nothing was changed: the import of ${place} is one transaction, which PostgreSQL rolled back, so ${place} keeps its previous parcels. Import the file again once the database is reachable.`;
  return new ImportConnectionLostError(phase, detail, error);
}

/**
 * `work` in one transaction on a reserved connection, as sql.begin runs it, except after a lost
 * connection: there is nothing to roll back then (PostgreSQL did it when the session ended), and
 * postgres.js's begin wrote its ROLLBACK to the closed socket from a timer, an uncaught
 * `TypeError: Cannot read properties of null (reading 'write')` that took the whole process down,
 * and the ROLLBACK's promise never settled.
 */
export async function transactionOf<T>(sql: Sql, work: (tx: Sql) => Promise<T>): Promise<T> {
  const conn = await sql.reserve();
  let lost = false;
  try {
    await conn`BEGIN`;
    let result: T;
    try {
      result = await work(conn as unknown as Sql);
    } catch (error) {
      lost = isConnectionLost(error);
      if (!lost) await conn`ROLLBACK`.catch(() => {});
      throw error;
    }
    await conn`COMMIT`;
    return result;
  } catch (error) {
    lost ||= isConnectionLost(error);
    throw error;
  } finally {
    // A closed connection released to the pool was handed the next query as if open: the query was
    // written to the null socket (the same TypeError) and never answered. It stays out of the pool;
    // the pool opens a new one, and end() closes it.
    if (!lost) conn.release();
  }
}
