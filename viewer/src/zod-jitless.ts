// zod probes for eval with `new Function('')`; the page's Content-Security-Policy forbids eval, so the
// probe only ever produced a CSP violation report. Jitless parsing is what zod falls back to anyway.
import { z } from 'zod';

z.config({ jitless: true });
