// Metered API usage: tiles served per token and parcel records returned per account, counted in memory
// on the request path (one Map increment, no await, no hashing) and written to PostgreSQL in one batched
// upsert every METERING_FLUSH_MS and at shutdown. A flush that fails keeps its counts for the next one.
// Tokens that an account's standing refuses (sandbox over, cap reached) are remembered for a few
// seconds so the cached-tile fast path sends them to the app, which answers 402/429.
import { createHash } from 'node:crypto';
import { systemClock, type Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import { createDb, type Sql } from '../db/client.ts';

export interface MeterOptions {
  enabled: boolean;
  flushMs: number;
  /** Tokens never metered (the anonymous one). */
  ignoreTokens: readonly string[];
  clock?: Clock;
  onError?: (error: unknown) => void;
  /** The pool is the meter's own (METERING_DATABASE_URL): stop() closes it after the last flush. */
  ownsPool?: boolean;
}

/** Called after each flush with the groups whose usage changed and their tokens (to re-check standing). */
export type AfterFlush = (groups: Map<number, string[]>) => Promise<void>;

export const monthOf = (at: Date): string =>
  `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}-01`;

/** The process's meter, started: on `sql`, or on METERING_DATABASE_URL's own pool when set. */
export function createUsageMeter(config: Config, sql: Sql, clock: Clock): UsageMeter {
  // A tile process on a hot standby cannot write: its counts go to the primary through a pool of their own.
  const meterSql = config.METERING_DATABASE_URL
    ? createDb(config.METERING_DATABASE_URL, { max: 2, applicationName: 'parcel-map metering' })
    : undefined;
  const meter = new UsageMeter(meterSql ?? sql, {
    enabled: config.METERING === 'on',
    flushMs: config.METERING_FLUSH_MS,
    ignoreTokens: [config.ANON_TOKEN],
    ownsPool: meterSql !== undefined,
    clock,
  });
  meter.start();
  return meter;
}

export class UsageMeter {
  private tiles = new Map<string, number>();
  private records = new Map<number, number>();
  private readonly groupOfToken = new Map<string, number | null>();
  private readonly blocked = new Map<string, number>();
  /** Per token: the pending tile count at which the fast path must stop and ask the app. */
  private readonly tileLimits = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  /** Records of the write in progress, until it is stored. */
  private writingRecords = new Map<number, number>();
  afterFlush: AfterFlush | undefined;
  /** The clock that picks the month a flush adds to (the app's, so tests that move time agree). */
  clock: Clock;

  constructor(
    private readonly sql: Sql,
    private readonly options: MeterOptions,
  ) {
    this.clock = options.clock ?? systemClock;
  }

  get enabled(): boolean {
    return this.options.enabled;
  }

  /** The hot path: one tile served to a token. */
  countTile(token: string | undefined): void {
    if (!this.options.enabled || !token || this.options.ignoreTokens.includes(token)) return;
    this.tiles.set(token, (this.tiles.get(token) ?? 0) + 1);
  }

  /** Parcel records returned to an account by the parcel API. */
  countRecords(groupId: number, count: number): void {
    if (!this.options.enabled || count <= 0) return;
    this.records.set(groupId, (this.records.get(groupId) ?? 0) + count);
  }

  /**
   * Counts not yet written: added to the stored usage when standing is judged. Records being written
   * count until the write is stored, or a standing cached before the flush would forget them for the
   * length of the write and parallel requests could spend the same records again (N3).
   */
  pending(groupId: number, token: string | undefined): { tiles: number; records: number } {
    const records = (this.records.get(groupId) ?? 0) + (this.writingRecords.get(groupId) ?? 0);
    return { tiles: token ? (this.tiles.get(token) ?? 0) : 0, records };
  }

  block(token: string, forMs = 5000): void {
    this.blocked.set(token, Date.now() + forMs);
  }

  unblock(token: string): void {
    this.blocked.delete(token);
  }

  /** `left` more tiles may be served to this token before its account must be judged again. */
  limitTiles(token: string, left: number): void {
    if (left === Infinity) this.tileLimits.delete(token);
    else this.tileLimits.set(token, (this.tiles.get(token) ?? 0) + left);
  }

  /** Whether the fast path must leave this token's request to the app (which answers 402/429). */
  isBlocked(token: string | undefined): boolean {
    if (!token) return false;
    if (this.tileLimits.size !== 0) {
      const limit = this.tileLimits.get(token);
      if (limit !== undefined && (this.tiles.get(token) ?? 0) >= limit) return true;
    }
    if (this.blocked.size === 0) return false;
    const until = this.blocked.get(token);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.blocked.delete(token);
    return false;
  }

  start(): void {
    if (!this.options.enabled || this.timer) return;
    this.timer = setInterval(
      () => void this.flush().catch((error: unknown) => this.options.onError?.(error)),
      this.options.flushMs,
    );
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    try {
      await this.flush();
    } finally {
      if (this.options.ownsPool) await this.sql.end({ timeout: 5 });
    }
  }

  /** Writes the counts so far; concurrent calls share one write. */
  flush(): Promise<void> {
    this.flushing ??= this.write().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (this.tiles.size === 0 && this.records.size === 0) return;
    const tiles = this.tiles;
    const records = this.records;
    this.tiles = new Map();
    this.records = new Map();
    this.writingRecords = records;
    // Limits count pending tiles: the ones written now no longer are.
    for (const [token, count] of tiles) {
      const limit = this.tileLimits.get(token);
      if (limit !== undefined) this.tileLimits.set(token, limit - count);
    }
    try {
      await this.resolveTokens([...tiles.keys()]);
      const byGroup = new Map<number, { tiles: number; records: number; tokens: string[] }>();
      const entry = (id: number) => byGroup.get(id) ?? byGroup.set(id, { tiles: 0, records: 0, tokens: [] }).get(id)!;
      for (const [token, count] of tiles) {
        const id = this.groupOfToken.get(token);
        if (id === null || id === undefined) continue; // the admin token or a token since rotated away
        entry(id).tiles += count;
        entry(id).tokens.push(token);
      }
      for (const [id, count] of records) entry(id).records += count;
      if (byGroup.size === 0) return;
      const ids = [...byGroup.keys()];
      const month = monthOf(this.clock());
      await this.sql`
        INSERT INTO api_usage (group_id, month, tiles, records)
        SELECT g, ${month}::date, t, r
        FROM unnest(${ids}::bigint[], ${ids.map((id) => byGroup.get(id)!.tiles)}::bigint[], ${ids.map((id) => byGroup.get(id)!.records)}::bigint[]) AS u(g, t, r)
        ON CONFLICT (group_id, month) DO UPDATE SET tiles = api_usage.tiles + EXCLUDED.tiles, records = api_usage.records + EXCLUDED.records`;
      // Stored: from here the records are in the usage a standing reads (afterFlush drops the cached ones
      // before it awaits anything).
      this.writingRecords = new Map();
      if (this.afterFlush) await this.afterFlush(new Map(ids.map((id) => [id, byGroup.get(id)!.tokens])));
    } catch (error) {
      // Not written: merge the counts back so the next flush carries them.
      for (const [token, count] of tiles) {
        this.tiles.set(token, (this.tiles.get(token) ?? 0) + count);
        const limit = this.tileLimits.get(token);
        if (limit !== undefined) this.tileLimits.set(token, limit + count);
      }
      for (const [id, count] of records) this.records.set(id, (this.records.get(id) ?? 0) + count);
      this.writingRecords = new Map();
      throw error;
    }
  }

  private async resolveTokens(tokens: string[]): Promise<void> {
    const unknown = tokens.filter((t) => !this.groupOfToken.has(t));
    if (unknown.length === 0) return;
    const hashes = unknown.map((t) => createHash('sha256').update(t).digest('hex'));
    const rows = await this.sql<{ id: string; hash: string }[]>`
      SELECT id, encode(api_token_hash, 'hex') AS hash FROM groups
      WHERE api_token_hash = ANY(SELECT decode(h, 'hex') FROM unnest(${hashes}::text[]) AS h)`;
    const found = new Map(rows.map((r) => [r.hash, Number(r.id)]));
    if (this.groupOfToken.size > 50_000) this.groupOfToken.clear();
    unknown.forEach((token, i) => this.groupOfToken.set(token, found.get(hashes[i]!) ?? null));
  }

  /** A rotated token must not be counted for its old group. */
  forgetTokens(): void {
    this.groupOfToken.clear();
  }
}
