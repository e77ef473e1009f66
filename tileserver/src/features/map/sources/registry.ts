// Compiled sources kept in memory, bounded: the least recently used compiled forms are dropped and
// recompiled from tile_sources on demand (the stored row is what keeps an id valid). Only hot sources
// run as prepared statements, because every prepared statement stays on its pooled connection until
// the connection closes: at most `maxPrepared` per hour are admitted, and postgres.js recycles a
// connection within an hour, so one connection holds at most twice that many. The rest run unprepared.
// Each source records when it last served a tile, at most hourly.
import { LRUCache } from 'lru-cache';
import type { Sql } from '../../../db/client.ts';
import { compileSourceTileSql } from '../../../tiles/definition/compile.ts';
import { findSource, touchSource } from './queries.ts';
import { referencedFields, type SourceDefinition } from '@parcel-map/contracts/map/source-definition';

export interface CompiledSource {
  id: string;
  definition: SourceDefinition;
  statement: string;
  fields: string[];
  /** Tiles served since it was compiled: the hottest sources get prepared statements. */
  uses: number;
  lastTouched: number;
}

export interface RegistryLimits {
  maxCompiled: number;
  maxPrepared: number;
  now?: () => number;
}

/** A source is prepared once it has served this many tiles and a prepared slot is free. */
const usesBeforePrepare = 16;
const touchEveryMs = 60 * 60 * 1000;
/** postgres.js closes a connection after 30-60 minutes (its max_lifetime), dropping its statements. */
const preparedWindowMs = 60 * 60 * 1000;

export class SourceRegistry {
  private readonly compiled: LRUCache<string, CompiledSource>;
  /** Ids whose statements run prepared in the current hour. */
  private prepared = new Set<string>();
  private preparedSince: number;

  constructor(
    private readonly sql: Sql,
    private readonly limits: RegistryLimits,
  ) {
    this.compiled = new LRUCache({ max: limits.maxCompiled });
    this.preparedSince = this.now();
  }

  remember(id: string, definition: SourceDefinition): CompiledSource {
    const known = this.compiled.get(id);
    if (known) return known;
    const source = {
      id,
      definition,
      statement: compileSourceTileSql(id, definition),
      fields: referencedFields(definition),
      uses: 0,
      lastTouched: this.now(),
    };
    this.compiled.set(id, source);
    return source;
  }

  async get(id: string): Promise<CompiledSource | undefined> {
    const known = this.compiled.get(id);
    if (known) return known;
    const stored = await findSource(this.sql, id);
    // Buildings and zoning definitions read as none: stored-sources.ts serves them.
    return stored ? this.remember(id, stored.definition) : undefined;
  }

  /** Counts one tile request; says whether its statement should run prepared. */
  use(source: CompiledSource): boolean {
    source.uses += 1;
    const now = this.now();
    if (now - source.lastTouched >= touchEveryMs) {
      source.lastTouched = now;
      void touchSource(this.sql, source.id).catch(() => {});
    }
    if (now - this.preparedSince >= preparedWindowMs) {
      this.prepared = new Set();
      this.preparedSince = now;
    }
    if (this.prepared.has(source.id)) return true;
    if (source.uses < usesBeforePrepare || this.prepared.size >= this.limits.maxPrepared) return false;
    this.prepared.add(source.id);
    return true;
  }

  get sizes(): { compiled: number; prepared: number } {
    return { compiled: this.compiled.size, prepared: this.prepared.size };
  }

  private now(): number {
    return (this.limits.now ?? Date.now)();
  }
}
