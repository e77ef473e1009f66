// Whose preferences a request reads and writes: a signed-in user's own, kept in PostgreSQL. Anonymous
// visitors and API tokens have none on the server (the browser keeps them): their reads answer null,
// their writes 401. Table-tested in policy.test.ts.
import { requireSession, type Caller, type SessionCaller } from '../../../auth/caller.ts';

/** The user whose saved preferences a read answers; undefined when the caller has none on the server. */
export function preferencesOwner(caller: Caller): number | undefined {
  return caller.user?.id;
}

/** 401 unless a signed-in user in a session: only they save preferences on the server. */
export function assertMaySavePreferences(caller: Caller): asserts caller is SessionCaller {
  requireSession(caller);
}
