// The version of each tiled table, kept current through LISTEN/NOTIFY (sql/functions/layer-versions.sql).
// Versions go into cache keys and tile URLs, so a reload never serves a stale tile.
//
// Notifications can be missed: while the LISTEN connection is down (a database restart), and a lost
// reconnect is never retried by the client library. So the table is re-read on every (re)subscription
// and every `rereadMs`, and versions only ever move up (a refresh racing a notification keeps the
// newer one). Each re-read also sends this process an echo; when the previous echo never came back,
// the subscription is taken as lost and made again.
//
// The channel carries other notices too (`<kind>:<rest>`, e.g. `auth:group:12` from
// sql/functions/auth-notices.sql): one LISTEN connection and one reconnect logic serve every cache of
// the process. A cache that needs them registers with onNotice and is told after every
// (re)subscription, when notices may have been missed.
import { randomBytes } from 'node:crypto';
import type { Sql } from '../db/client.ts';

const channel = 'layer_versions';

/** `<layer>:<version>`, where a layer name may itself hold colons (`source:<id>`). */
export function parseVersionNotice(payload: string): { layer: string; version: number } | undefined {
  const cut = payload.lastIndexOf(':');
  if (cut <= 0) return undefined;
  const digits = payload.slice(cut + 1);
  if (!/^\d{1,15}$/.test(digits)) return undefined;
  return { layer: payload.slice(0, cut), version: Number(digits) };
}

export class LayerVersions {
  private readonly versions = new Map<string, number>();
  private loading: Promise<void> | undefined;
  private listening = false;
  private unlisten: (() => Promise<void>) | undefined;
  private readonly echo = `echo:${randomBytes(8).toString('hex')}`;
  private awaitingEcho = false;
  private timer: NodeJS.Timeout | undefined;

  /** True on a streaming replica (hot standby): no LISTEN there, so versions are polled. */
  private standby = false;
  private readonly handlers = new Map<string, { notice: (rest: string) => void; resubscribed: () => void }>();

  constructor(
    private readonly sql: Sql,
    private readonly rereadMs = 45_000,
    /** How often a process reading from a replica re-reads the versions. */
    private readonly standbyPollMs = 250,
  ) {}

  /**
   * The layer's version once it is at least `wanted` (a versioned tile URL from the primary's
   * TileJSON): re-read until the replica has replayed it, so a tile under version N is never drawn
   * from older data. Undefined when it is still behind after `waitMs`.
   */
  async atLeast(layer: string, wanted: number, waitMs = 5_000): Promise<number | undefined> {
    let version = await this.get(layer);
    const deadline = Date.now() + waitMs;
    while (version < wanted) {
      if (Date.now() >= deadline) return undefined;
      await this.waitStep();
      version = this.versions.get(layer) ?? 0;
    }
    return version;
  }

  /**
   * 50 ms, then one re-read shared by every request waiting meanwhile: the version in a URL is the
   * client's to write, and each waiter re-reading on its own made a query per request every 50 ms.
   */
  private waitStep(): Promise<void> {
    this.stepping ??= new Promise((r) => setTimeout(r, 50))
      .then(() => this.refresh())
      .finally(() => (this.stepping = undefined));
    return this.stepping;
  }

  private stepping: Promise<void> | undefined;

  async get(layer: string): Promise<number> {
    if (!this.listening) await this.start();
    return this.versions.get(layer) ?? 0;
  }

  /** The version when already known (after the first get), without waiting. */
  current(layer: string): number | undefined {
    return this.listening ? (this.versions.get(layer) ?? 0) : undefined;
  }

  /**
   * Notices `<kind>:<rest>` go to `notice(rest)` instead of the versions; `resubscribed` runs after
   * every (re)subscription (a database restart, a lost echo), since notices sent meanwhile are lost.
   */
  onNotice(kind: string, notice: (rest: string) => void, resubscribed: () => void): void {
    this.handlers.set(kind, { notice, resubscribed });
  }

  /** Whether notices arrive now: subscribed on a primary (a hot standby cannot LISTEN). */
  get noticesLive(): boolean {
    return this.listening && !this.standby;
  }

  /** Starts listening (the first get() does it too). */
  listen(): Promise<void> {
    return this.start();
  }

  async refresh(): Promise<void> {
    const rows = await this.sql<{ layer: string; version: string }[]>`SELECT layer, version FROM layer_versions`;
    for (const row of rows) this.raise(row.layer, Number(row.version));
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    void this.unlisten?.().catch(() => {});
  }

  private raise(layer: string, version: number): void {
    if (version > (this.versions.get(layer) ?? -1)) this.versions.set(layer, version);
  }

  private received(payload: string): void {
    if (payload === this.echo) {
      this.awaitingEcho = false;
      return;
    }
    const cut = payload.indexOf(':');
    const handler = cut > 0 ? this.handlers.get(payload.slice(0, cut)) : undefined;
    if (handler) return handler.notice(payload.slice(cut + 1));
    const notice = parseVersionNotice(payload);
    if (notice) this.raise(notice.layer, notice.version);
  }

  private async subscribe(): Promise<void> {
    const subscription = await this.sql.listen(
      channel,
      (payload) => this.received(payload),
      // Called again after every reconnect: whatever was notified while disconnected is read here.
      () => {
        void this.refresh().catch(() => {});
        for (const handler of this.handlers.values()) handler.resubscribed();
      },
    );
    this.unlisten = subscription.unlisten;
  }

  private async tick(): Promise<void> {
    await this.refresh();
    if (this.awaitingEcho) {
      await this.unlisten?.().catch(() => {});
      await this.subscribe();
    }
    this.awaitingEcho = true;
    await this.sql`SELECT pg_notify(${channel}, ${this.echo})`;
  }

  private start(): Promise<void> {
    this.loading ??= (async () => {
      const [row] = await this.sql<{ standby: boolean }[]>`SELECT pg_is_in_recovery() AS standby`;
      this.standby = row?.standby ?? false;
      if (this.standby) {
        // A hot standby cannot LISTEN (nor NOTIFY the echo): replayed bumps are picked up by polling.
        await this.refresh();
        this.listening = true;
        this.timer = setInterval(() => void this.refresh().catch(() => {}), this.standbyPollMs);
        this.timer.unref();
        return;
      }
      await this.subscribe();
      await this.refresh();
      this.listening = true;
      // A database that is down fails the tick; the next one tries again.
      this.timer = setInterval(() => void this.tick().catch(() => {}), this.rereadMs);
      this.timer.unref();
    })().catch((error: unknown) => {
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  }
}
