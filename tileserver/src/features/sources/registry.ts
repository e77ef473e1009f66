// Compiled sources kept in memory: each stored definition is compiled once into its tile statement.
import type { Sql } from '../../db/client.ts';
import { compileSourceTileSql } from './compile.ts';
import { findSource } from './queries.ts';
import { referencedFields, type SourceDefinition } from './schema.ts';

export interface CompiledSource {
  id: string;
  definition: SourceDefinition;
  statement: string;
  fields: string[];
}

export class SourceRegistry {
  private readonly compiled = new Map<string, CompiledSource>();

  constructor(private readonly sql: Sql) {}

  remember(id: string, definition: SourceDefinition): CompiledSource {
    const known = this.compiled.get(id);
    if (known) return known;
    const source = { id, definition, statement: compileSourceTileSql(id, definition), fields: referencedFields(definition) };
    this.compiled.set(id, source);
    return source;
  }

  async get(id: string): Promise<CompiledSource | undefined> {
    const known = this.compiled.get(id);
    if (known) return known;
    const stored = await findSource(this.sql, id);
    return stored ? this.remember(id, stored.definition) : undefined;
  }
}
