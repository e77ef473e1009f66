import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { scratchDatabase } from '../testing/db.ts';
import { MigrationError, migrate, migrationVersion, readMigrations } from './migrate.ts';

function sqlDir(migrations: Record<string, string>, functions: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  mkdirSync(join(dir, 'migrations'));
  mkdirSync(join(dir, 'functions'));
  for (const [name, text] of Object.entries(migrations)) writeFileSync(join(dir, 'migrations', name), text);
  for (const [name, text] of Object.entries(functions)) writeFileSync(join(dir, 'functions', name), text);
  return dir;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function scratch() {
  const db = await scratchDatabase();
  cleanups.push(db.drop);
  return db.sql;
}

describe('the migration runner', () => {
  it('applies pending migrations in file order and records them', async () => {
    const sql = await scratch();
    const dir = sqlDir({
      '00002_add_column.sql': 'ALTER TABLE things ADD COLUMN colour text;',
      '00001_create.sql': 'CREATE TABLE things (id int);',
    });
    const result = await migrate(sql, dir);
    expect(result.applied).toEqual(['00001_create.sql', '00002_add_column.sql']);
    expect(result.version).toBe(2);
    const rows = await sql`SELECT version, name FROM schema_migrations ORDER BY version`;
    expect(rows.map((r) => r.name)).toEqual(['00001_create.sql', '00002_add_column.sql']);
  });

  it('applies nothing on a second run and re-applies the functions', async () => {
    const sql = await scratch();
    const dir = sqlDir(
      { '00001_create.sql': 'CREATE TABLE things (id int);' },
      { 'answer.sql': 'CREATE OR REPLACE FUNCTION answer() RETURNS int LANGUAGE sql AS $$ SELECT 42 $$;' },
    );
    await migrate(sql, dir);
    const again = await migrate(sql, dir);
    expect(again.applied).toEqual([]);
    expect(again.functions).toBe(1);
    expect(await migrationVersion(sql)).toBe(1);
    const [row] = await sql`SELECT answer() AS a`;
    expect(row!.a).toBe(42);
  });

  it('applies all pending migrations in one transaction: a broken one rolls every one back and names its file', async () => {
    const sql = await scratch();
    await migrate(sql, sqlDir({ '00001_create.sql': 'CREATE TABLE things (id int);' }));
    const broken = sqlDir({
      '00001_create.sql': 'CREATE TABLE things (id int);',
      '00002_good.sql': 'CREATE TABLE good_one (id int);',
      '00003_broken.sql': 'ALTER TABLE no_such_table ADD COLUMN x int;',
    });
    const failure = await migrate(sql, broken).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(MigrationError);
    expect((failure as MigrationError).file).toBe('00003_broken.sql');
    expect((failure as Error).message).toMatch(/00003_broken\.sql.*no_such_table/);
    const [exists] = await sql`SELECT to_regclass('good_one') IS NOT NULL AS found`;
    expect(exists!.found).toBe(false);
    expect(await migrationVersion(sql)).toBe(1);
  });

  it('refuses gaps and badly named files', () => {
    expect(() => readMigrations(join(sqlDir({ '00001_a.sql': '', '00003_c.sql': '' }), 'migrations'))).toThrow(
      /contiguous/,
    );
    expect(() => readMigrations(join(sqlDir({ '1_a.sql': '' }), 'migrations'))).toThrow(/NNNNN_name/);
  });

  it('applies the function file a migration requires just before it, so a fresh database can index by it', async () => {
    const sql = await scratch();
    const dir = sqlDir(
      {
        '00001_create.sql': 'CREATE TABLE things (name text);',
        '00002_index.sql':
          '-- An index on a function of sql/functions.\n-- requires: functions/shout.sql\nCREATE INDEX things_shout ON things (shout(name));',
      },
      {
        'shout.sql':
          'CREATE OR REPLACE FUNCTION shout(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT upper(t) $$;',
      },
    );
    expect(readMigrations(join(dir, 'migrations')).map((m) => m.requires)).toEqual([[], ['shout.sql']]);
    const result = await migrate(sql, dir);
    expect(result.applied).toEqual(['00001_create.sql', '00002_index.sql']);
    const [index] = await sql`SELECT indexdef FROM pg_indexes WHERE indexname = 'things_shout'`;
    expect(index!.indexdef).toContain('shout(name)');
    // Without the header line the same migration fails on a fresh database: the functions come last.
    const fresh = await scratch();
    const without = sqlDir(
      {
        '00001_create.sql': 'CREATE TABLE things (name text);',
        '00002_index.sql': 'CREATE INDEX things_shout ON things (shout(name));',
      },
      {
        'shout.sql':
          'CREATE OR REPLACE FUNCTION shout(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT upper(t) $$;',
      },
    );
    await expect(migrate(fresh, without)).rejects.toThrow(/00002_index\.sql.*shout/);
  });

  it('brings the project schema to its latest version with the tables the product needs', async () => {
    const sql = await scratch();
    const result = await migrate(sql);
    expect(result.version).toBe(result.applied.length);
    const tables = await sql<{ name: string }[]>`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`;
    expect(tables.map((t) => t.name)).toEqual(
      expect.arrayContaining([
        'places',
        'parcels',
        'flood_zones',
        'wetlands',
        'data_loads',
        'layer_versions',
        'tile_sources',
      ]),
    );
  });
});
