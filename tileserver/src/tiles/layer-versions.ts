// The version of each tiled table, kept current through LISTEN/NOTIFY (sql/functions/layer-versions.sql).
// Versions go into cache keys and tile URLs, so a reload never serves a stale tile.
import type { Sql } from '../db/client.ts';

export class LayerVersions {
  private versions = new Map<string, number>();
  private loading: Promise<void> | undefined;
  private listening = false;

  constructor(private readonly sql: Sql) {}

  async get(layer: string): Promise<number> {
    if (!this.listening) await this.start();
    return this.versions.get(layer) ?? 0;
  }

  /** The version when already known (after the first get), without waiting. */
  current(layer: string): number | undefined {
    return this.listening ? (this.versions.get(layer) ?? 0) : undefined;
  }

  async refresh(): Promise<void> {
    const rows = await this.sql<{ layer: string; version: string }[]>`SELECT layer, version FROM layer_versions`;
    this.versions = new Map(rows.map((r) => [r.layer, Number(r.version)]));
  }

  private start(): Promise<void> {
    this.loading ??= (async () => {
      await this.sql.listen('layer_versions', (payload) => {
        const [layer, version] = payload.split(':');
        if (layer && version) this.versions.set(layer, Number(version));
      });
      await this.refresh();
      this.listening = true;
    })().catch((error: unknown) => {
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  }
}
