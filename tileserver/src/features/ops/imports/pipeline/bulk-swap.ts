// The swap of a place's parcels in bulk, fast enough for the import speed target (bench/src/import-speed.ts):
// inside the import's one transaction the tile-band statement triggers are switched off, the previous
// parcels go in one statement, and the band rows are brought in step once, after every change to the new
// parcels: kept where a parcel did not change, else written by the band fill the triggers and the
// synthetic loader use (parcel_tiles_put).
import type { Db } from '../../../../data/staging.ts';

/**
 * Switches the band triggers off for this transaction. Through the triggers a million-row swap kept
 * both transition tables (every old and new row, wide rows spilled to disk) and then ran the update
 * trigger once more for each derived field. ALTER TABLE takes SHARE ROW EXCLUSIVE on parcels: tile
 * servers and searches keep reading the previous data, other writers wait for the commit, and a
 * rollback switches the triggers back on with everything else. ALTER TABLE is the owner's: the server's
 * serving role asks set_parcel_band_triggers (sql/functions/serving-role.sql) to do it.
 */
export async function suspendBandTriggers(db: Db): Promise<void> {
  await db.unsafe('SELECT set_parcel_band_triggers(false)');
}

export async function resumeBandTriggers(db: Db): Promise<void> {
  await db.unsafe('SELECT set_parcel_band_triggers(true)');
}

/**
 * Deletes the source's previous parcels; their band rows stay until refreshBands has compared them
 * with the new parcels. Their ids stay in import_previous (ll_uuid -> id) for this transaction, so a
 * parcel whose uuid survives keeps its id and path.
 */
export async function removePreviousParcels(db: Db, source: string): Promise<number> {
  await db.unsafe(`DROP TABLE IF EXISTS import_previous`);
  await db.unsafe(
    `CREATE TEMP TABLE import_previous ON COMMIT DROP AS SELECT ll_uuid, id FROM parcels WHERE source = $1`,
    [source],
  );
  await db.unsafe(`CREATE UNIQUE INDEX ON import_previous (ll_uuid)`);
  await db.unsafe(`ANALYZE import_previous`);
  const [row] = await db<{ n: number }[]>`SELECT count(*)::int AS n FROM import_previous`;
  if (row?.n) await db`DELETE FROM parcels WHERE source = ${source}`;
  return row?.n ?? 0;
}

export interface BandRefresh {
  /** Parcels whose band rows were written. */
  written: number;
  /** Parcels whose band rows were kept: same id, geometry and tile attributes as before. */
  kept: number;
  /** Previous parcels gone from the file, whose band rows were removed. */
  removed: number;
}

/**
 * The band rows of the source's new parcels. A parcel whose id survived (same ll_uuid) with the same
 * geometry and tile attributes keeps its rows, the comparison the update trigger makes: re-importing
 * a county whose parcels mostly did not move recomputes only those that did. The rest are dropped and
 * written by parcel_tiles_put, the one band fill, in id order.
 */
export async function refreshBands(db: Db, source: string): Promise<BandRefresh> {
  await db.unsafe(`DROP TABLE IF EXISTS import_band_changes`);
  await db.unsafe(
    `CREATE TEMP TABLE import_band_changes ON COMMIT DROP AS
     SELECT p.id, true AS put, d.id IS NOT NULL AS had FROM parcels p LEFT JOIN parcel_tiles_detail d ON d.id = p.id
     WHERE p.source = $1 AND (d.id IS NULL OR p.geom_3857::bytea IS DISTINCT FROM d.geom::bytea
       OR (p.ll_uuid::text, p.path, p.address, p.owner, p.parcelnumb) IS DISTINCT FROM (d.ll_uuid, d.path, d.address, d.owner, d.parcelnumb))
     UNION ALL
     SELECT pr.id, false, true FROM import_previous pr
     WHERE NOT EXISTS (SELECT 1 FROM parcels p WHERE p.id = pr.id AND p.source = $1)`,
    [source],
  );
  await db`SELECT parcel_tiles_drop(ARRAY(SELECT id FROM import_band_changes WHERE had))`;
  await db`SELECT parcel_tiles_put(ARRAY(SELECT id FROM import_band_changes WHERE put ORDER BY id))`;
  const [counts] = await db<{ written: number; removed: number; total: number }[]>`
    SELECT count(*) FILTER (WHERE put)::int AS written, count(*) FILTER (WHERE NOT put)::int AS removed,
      (SELECT count(*)::int FROM parcels WHERE source = ${source}) AS total
    FROM import_band_changes`;
  return {
    written: counts?.written ?? 0,
    removed: counts?.removed ?? 0,
    kept: (counts?.total ?? 0) - (counts?.written ?? 0),
  };
}
