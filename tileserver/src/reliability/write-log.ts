// Row triggers on every table of a scratch database that log each real change (an UPDATE to the same
// values is no change) into fuzz_writes. Transactional, so a write that was rolled back leaves no
// entry; asking "did this request change anything?" is then one indexed query instead of a checksum
// of every table. For test databases only: it is installed by the suites, never by a migration.
import type { Sql } from '../db/client.ts';

export async function installWriteLog(sql: Sql, tables: string[]): Promise<void> {
  await sql.unsafe(`
    CREATE TABLE fuzz_writes (id bigserial PRIMARY KEY, table_name text NOT NULL, op text NOT NULL);
    CREATE FUNCTION fuzz_log_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO fuzz_writes (table_name, op) VALUES (TG_TABLE_NAME, TG_OP);
      RETURN NULL;
    END $$;`);
  for (const table of tables) {
    const name = `"${table.replace(/"/g, '""')}"`;
    await sql.unsafe(`
      CREATE TRIGGER fuzz_log_insert_delete AFTER INSERT OR DELETE ON public.${name} FOR EACH ROW EXECUTE FUNCTION fuzz_log_write();
      CREATE TRIGGER fuzz_log_update AFTER UPDATE ON public.${name} FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION fuzz_log_write();`);
  }
}

/** The newest entry's id: writes after it are what a request changed. */
export async function lastWrite(sql: Sql): Promise<number> {
  const [row] = await sql<{ id: string | null }[]>`SELECT max(id)::text AS id FROM fuzz_writes`;
  return Number(row?.id ?? 0);
}

/** Tables written since `after`, with the operations: "users INSERT". */
export async function writesSince(sql: Sql, after: number): Promise<{ last: number; writes: string[] }> {
  const rows = await sql<
    { id: string; table_name: string; op: string }[]
  >`SELECT id::text, table_name, op FROM fuzz_writes WHERE id > ${after} ORDER BY id`;
  return {
    last: rows.length ? Number(rows.at(-1)!.id) : after,
    writes: [...new Set(rows.map((r) => `${r.table_name} ${r.op}`))],
  };
}
