// Structured JSON logs (pino). One root logger; requests log through children carrying the request id.
import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'tileserver' } });
}
