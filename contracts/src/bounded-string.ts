// Length-bounded request text, the one way every schema bounds a string. The length check aborts
// validation: zod 4 goes on to the next check after a failed `.max` unless it aborts, so a pattern,
// refinement or transform after it would still run on all of a 64 KB body (a quadratic email pattern
// held the event loop for seconds). Imports zod only: the viewer shares the account schemas.
import { z } from 'zod';

export function boundedString(max: number, message?: string) {
  return z.string().max(max, message === undefined ? { abort: true } : { abort: true, message });
}
