import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { executePrepared } from './prepared-statement';
import { rowsOf } from './rows';

/**
 * Notes the primary's current WAL position for each owner, never moving one back, and returns the
 * latest noted (another process may have noted a later one):
 * one statement, so an accepted write costs the same one round trip as reading the position alone.
 * The position is read before this statement's own commit, and after the write it stands for.
 */
export async function noteWritePosition(db: Db, owners: readonly string[]): Promise<string> {
  // One row per owner: an upsert may not touch the same row twice.
  const distinct = [...new Set(owners)];
  const rows = rowsOf<{ lsn: string }>(
    await db.execute(sql`
      with noted as (
        insert into write_positions (owner_id, lsn, noted_at)
        select owner, pg_current_wal_lsn(), now() from unnest(${sql.param(distinct)}::text[]) as owner
        on conflict (owner_id) do update
          set lsn = greatest(write_positions.lsn, excluded.lsn), noted_at = excluded.noted_at
        returning write_positions.lsn
      )
      select max(lsn)::text as lsn from noted`),
  );
  return rows[0]!.lsn;
}

/**
 * Each of these owners' noted position (`X/Y`); an owner without a row is absent. A named prepared
 * statement: it runs once per screen read on the replica, so the primary plans it once per connection.
 */
export async function writePositionsOf(db: Db, owners: readonly string[]): Promise<Map<string, string>> {
  const rows = rowsOf<{ owner_id: string; lsn: string }>(
    await executePrepared(db, sql`select owner_id, lsn::text as lsn from write_positions where owner_id = any(${sql.param([...owners])}::text[])`),
  );
  return new Map(rows.map((row) => [row.owner_id, row.lsn]));
}

/**
 * Forgets the positions the replica has replayed (`replayed`: its replay position, `X/Y`) that were
 * noted over `keepSeconds` ago; returns how many. The delay keeps a row for any read that was
 * already running on the replica before it replayed that far (decision 129).
 */
export async function forgetReplayedPositions(db: Db, replayed: string, keepSeconds: number): Promise<number> {
  const rows = rowsOf<{ owner_id: string }>(
    await db.execute(
      sql`delete from write_positions where lsn <= ${replayed}::pg_lsn and noted_at < now() - make_interval(secs => ${keepSeconds}) returning owner_id`,
    ),
  );
  return rows.length;
}
