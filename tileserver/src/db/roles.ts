// Two database roles (security review Low 18): the owner (the local cluster's bootstrap role, or
// MIGRATION_DATABASE_URL's) runs migrations, creates extensions and owns the schema; the server's pools
// connect as the serving role, which is no superuser, creates no roles or databases, reads and writes no
// server files and runs no programs. It may read and write the rows of every table, use the sequences and
// call the functions, create tables in `import_stage` only (the admin import's stage tables), and owns the
// `pgboss` schema: pg-boss makes a partition table per queue (CREATE TABLE ... ATTACH PARTITION) at run
// time, which only the owner of its tables may do. That is why the schema is made for it here, by the
// owner, rather than CREATE on the database granted to it.
import { createHmac } from 'node:crypto';
import { createDb, type Sql } from './client.ts';
import { migrationLockKey } from './migrate.ts';

/** The serving role of the local clusters (npm start, npm test, npm run cluster). */
export const appRoleName = 'parcel_app';

/** The serving role's password on a local cluster: derived from the owner's, so nothing more is stored. */
export function appRolePassword(ownerPassword: string): string {
  return createHmac('sha256', ownerPassword).update('parcel-map serving role').digest('base64url').slice(0, 32);
}

/** A URL with another user and password (the serving role's URL from the owner's). */
export function urlAs(url: string, user: string, password: string): string {
  const parsed = new URL(url);
  parsed.username = encodeURIComponent(user);
  parsed.password = encodeURIComponent(password);
  return parsed.toString();
}

export const userOf = (url: string): string => decodeURIComponent(new URL(url).username);

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
const attributes = 'NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS LOGIN';

/**
 * Creates the serving role when missing (the owner needs CREATEROLE for that). With `manage` (a local
 * cluster, whose roles are ours) an existing role gets its attributes and password set again; a
 * role an operator made (DATABASE_URL with MIGRATION_DATABASE_URL) is left as it is.
 */
export async function ensureAppRole(
  owner: Sql,
  role: { name: string; password: string; manage: boolean },
): Promise<void> {
  const password = role.password ? ` PASSWORD ${literal(role.password)}` : '';
  const [found] = await owner<{ n: number }[]>`SELECT 1 AS n FROM pg_roles WHERE rolname = ${role.name}`;
  // Another process (npm test's second run) may make or alter it at the same moment: duplicate_object, the
  // catalog's unique index, or "tuple concurrently updated" (XX000); the next try sees its work.
  for (let attempt = 1; ; attempt++) {
    try {
      if (!found) await owner.unsafe(`CREATE ROLE ${ident(role.name)} ${attributes}${password}`);
      else if (role.manage) await owner.unsafe(`ALTER ROLE ${ident(role.name)} ${attributes}${password}`);
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (!found && (code === '42710' || code === '23505')) return;
      if (code !== 'XX000' || attempt >= 5) throw error;
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
}

/**
 * Makes DATABASE_URL's role the serving role of the owner's database: creates it when missing, and grants
 * it what the server needs. When both URLs name one role (a DATABASE_URL used as given), only pg-boss's schema is made.
 */
export async function prepareServingRole(ownerUrl: string, appUrl: string, manage: boolean): Promise<void> {
  const name = userOf(appUrl);
  const owner = createDb(ownerUrl, { max: 1 });
  try {
    if (name === userOf(ownerUrl)) {
      // One role for both: it owns what it makes, pg-boss's schema too (made here, as the queue does not).
      await owner`CREATE SCHEMA IF NOT EXISTS pgboss`;
      return;
    }
    await ensureAppRole(owner, { name, password: decodeURIComponent(new URL(appUrl).password), manage });
    await grantAppRole(owner, name);
  } finally {
    await owner.end();
  }
}

/**
 * The serving role's grants in the owner's current database, run after every migration (idempotent):
 * default privileges cover what later migrations create, the grants over ALL cover what exists.
 */
export async function grantAppRole(owner: Sql, role: string): Promise<void> {
  const app = ident(role);
  const [names] = await owner<{ db: string; me: string }[]>`SELECT current_database() AS db, current_user AS me`;
  const { db, me } = names!;
  await owner.begin(async (tx) => {
    // Serialised with migrations and other processes' grants of the same database.
    await tx`SELECT pg_advisory_xact_lock(${migrationLockKey})`;
    await tx.unsafe(`
      GRANT CONNECT, TEMPORARY ON DATABASE ${ident(db)} TO ${app};
      REVOKE CREATE ON SCHEMA public FROM PUBLIC;
      GRANT USAGE ON SCHEMA public TO ${app};
      GRANT SELECT, INSERT, UPDATE, DELETE, TRUNCATE ON ALL TABLES IN SCHEMA public TO ${app};
      GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${app};
      GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO ${app};
      ALTER DEFAULT PRIVILEGES FOR ROLE ${ident(me)} IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE, TRUNCATE ON TABLES TO ${app};
      ALTER DEFAULT PRIVILEGES FOR ROLE ${ident(me)} IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ${app};
      ALTER DEFAULT PRIVILEGES FOR ROLE ${ident(me)} IN SCHEMA public GRANT EXECUTE ON FUNCTIONS TO ${app};
      CREATE SCHEMA IF NOT EXISTS import_stage;
      GRANT USAGE, CREATE ON SCHEMA import_stage TO ${app};
      GRANT SELECT, INSERT, UPDATE, DELETE, TRUNCATE ON ALL TABLES IN SCHEMA import_stage TO ${app};
      ALTER DEFAULT PRIVILEGES FOR ROLE ${ident(me)} IN SCHEMA import_stage GRANT SELECT, INSERT, UPDATE, DELETE, TRUNCATE ON TABLES TO ${app};
      CREATE SCHEMA IF NOT EXISTS pgboss AUTHORIZATION ${app};
    `);
    // A database whose queue the owner made before (npm start before this change): hand pg-boss's
    // schema and everything in it to the serving role.
    await tx.unsafe(`
      DO $$
      DECLARE r record;
      BEGIN
        IF (SELECT nspowner::regrole::text FROM pg_namespace WHERE nspname = 'pgboss') = ${literal(role)} THEN
          RETURN;
        END IF;
        EXECUTE format('ALTER SCHEMA pgboss OWNER TO %I', ${literal(role)});
        FOR r IN SELECT c.oid::regclass AS name, c.relkind FROM pg_class c
                 WHERE c.relnamespace = 'pgboss'::regnamespace AND c.relkind IN ('r', 'p', 'S', 'v', 'm')
                   -- a serial or identity sequence follows its table
                   AND NOT (c.relkind = 'S' AND EXISTS (SELECT 1 FROM pg_depend d
                                                        WHERE d.objid = c.oid AND d.deptype IN ('a', 'i'))) LOOP
          EXECUTE format('ALTER %s %s OWNER TO %I', CASE r.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW'
            WHEN 'm' THEN 'MATERIALIZED VIEW' ELSE 'TABLE' END, r.name, ${literal(role)});
        END LOOP;
        FOR r IN SELECT p.oid::regprocedure AS name FROM pg_proc p WHERE p.pronamespace = 'pgboss'::regnamespace LOOP
          EXECUTE format('ALTER FUNCTION %s OWNER TO %I', r.name, ${literal(role)});
        END LOOP;
        FOR r IN SELECT t.oid::regtype AS name FROM pg_type t
                 WHERE t.typnamespace = 'pgboss'::regnamespace AND t.typtype IN ('e', 'd', 'c')
                   AND (t.typrelid = 0 OR (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c') LOOP
          EXECUTE format('ALTER TYPE %s OWNER TO %I', r.name, ${literal(role)});
        END LOOP;
      END $$;
    `);
  });
}

/** What the serving role may do that it should not: each true is a finding (Low 18). */
export async function roleRisks(sql: Sql): Promise<{
  superuser: boolean;
  createrole: boolean;
  createdb: boolean;
  fileAccess: string[];
}> {
  const [row] = await sql<{ superuser: boolean; createrole: boolean; createdb: boolean; file_access: string[] }[]>`
    SELECT r.rolsuper AS superuser, r.rolcreaterole AS createrole, r.rolcreatedb AS createdb,
           ARRAY(SELECT g FROM unnest(ARRAY['pg_read_server_files', 'pg_write_server_files', 'pg_execute_server_program']) g
                 WHERE pg_has_role(current_user, g, 'USAGE')) AS file_access
    FROM pg_roles r WHERE r.rolname = current_user`;
  return {
    superuser: row!.superuser,
    createrole: row!.createrole,
    createdb: row!.createdb,
    fileAccess: row!.file_access,
  };
}
