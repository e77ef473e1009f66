// Security review Low 18: the server connects as a serving role that is no superuser, makes no roles or
// databases, and can neither run programs nor read server files; it still reads and writes every table,
// owns pg-boss's schema and creates its stage tables in import_stage only. Migrations run as the owner.
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDb } from './client.ts';
import { roleRisks, userOf } from './roles.ts';
import { ownerTestDb, testDb } from '../testing/db.ts';

const sql = testDb(1);
const owner = ownerTestDb(1);
afterAll(async () => {
  await sql.end();
  await owner.end();
});

/** The SQLSTATE a statement fails with, or 'ok'. */
const outcome = (run: () => Promise<unknown>) =>
  run().then(
    () => 'ok',
    (error: { code?: string }) => error.code ?? String(error),
  );

describe('the serving role of the test database', () => {
  it('is not the owner, not a superuser, and makes no roles or databases', async () => {
    expect(userOf(inject('databaseUrl'))).not.toBe(userOf(inject('ownerDatabaseUrl')));
    const [me] = await sql<{ user: string }[]>`SELECT current_user AS user`;
    expect(me!.user).toBe(userOf(inject('databaseUrl')));
    const [row] = await owner<{ rolsuper: boolean; rolcreaterole: boolean; rolcreatedb: boolean }[]>`
      SELECT rolsuper, rolcreaterole, rolcreatedb FROM pg_roles WHERE rolname = ${me!.user}`;
    expect(row).toEqual({ rolsuper: false, rolcreaterole: false, rolcreatedb: false });
    expect(await roleRisks(sql)).toEqual({ superuser: false, createrole: false, createdb: false, fileAccess: [] });
    expect(await outcome(() => sql`CREATE ROLE sneaky LOGIN`)).toBe('42501');
    expect(await outcome(() => sql`CREATE DATABASE sneaky`)).toBe('42501');
  });

  it('may not run a program, read or write a server file', async () => {
    expect(await outcome(() => sql`COPY (SELECT 1) TO PROGRAM 'true'`)).toBe('42501');
    expect(await outcome(() => sql`SELECT pg_read_file('/etc/passwd')`)).toBe('42501');
    expect(await outcome(() => sql`COPY (SELECT 1) TO '/tmp/parcel-role-test'`)).toBe('42501');
    expect(await outcome(() => sql`SELECT lo_import('/etc/passwd')`)).toBe('42501');
    // The owner (the local cluster's bootstrap role) still may: the refusals are the role's, not the server's.
    expect(await outcome(() => owner`SELECT length(pg_read_file('/etc/passwd')) > 0 AS read`)).toBe('ok');
  });

  it('reads and writes the rows of the schema but changes no table, and creates tables in import_stage only', async () => {
    expect(await outcome(() => sql`SELECT count(*) FROM parcels`)).toBe('ok');
    expect(
      await outcome(() =>
        sql.begin(async (tx) => {
          await tx`UPDATE places SET headline = headline WHERE path = '/us'`;
          throw Object.assign(new Error('roll back'), { code: 'rolled-back' });
        }),
      ),
    ).toBe('rolled-back');
    expect(await outcome(() => sql`ALTER TABLE parcels ADD COLUMN sneaky text`)).toBe('42501');
    expect(await outcome(() => sql`DROP TABLE places`)).toBe('42501');
    expect(await outcome(() => sql`CREATE TABLE public.sneaky (id int)`)).toBe('42501');
    const stage = `import_stage.role_test_${process.pid}`;
    expect(await outcome(() => sql.unsafe(`CREATE TABLE ${stage} (id int)`))).toBe('ok');
    expect(await outcome(() => sql.unsafe(`DROP TABLE ${stage}`))).toBe('ok');
  });

  it('owns pg-boss’s schema, so the queue can add its partition tables', async () => {
    const [row] = await sql<{ owner: string }[]>`
      SELECT nspowner::regrole::text AS owner FROM pg_namespace WHERE nspname = 'pgboss'`;
    expect(row!.owner).toBe(userOf(inject('databaseUrl')));
  });

  it('gets the grants of tables a later migration makes (default privileges)', async () => {
    const table = `role_later_${process.pid}`;
    await owner.unsafe(`CREATE TABLE ${table} (id serial PRIMARY KEY, note text)`);
    try {
      const app = createDb(inject('databaseUrl'), { max: 1 });
      try {
        await app.unsafe(`INSERT INTO ${table} (note) VALUES ('granted')`);
        const [got] = await app.unsafe<{ note: string }[]>(`SELECT note FROM ${table}`);
        expect(got!.note).toBe('granted');
      } finally {
        await app.end();
      }
    } finally {
      await owner.unsafe(`DROP TABLE ${table}`);
    }
  });
});
