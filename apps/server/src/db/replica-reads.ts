import { sql } from 'drizzle-orm';
import type { Logger } from '../lib/logger';
import { createDatabase, type Database, type Db, type DbOrTx } from './client';
import { rowsOf } from './rows';
import { positionLookups } from './write-position-lookups';
import { forgetReplayedPositions, noteWritePosition, writePositionsOf } from './write-positions.repository';

/**
 * Where a screen read runs (decision 123): on the streaming replica when there is one, it is
 * healthy, and it has replayed the reader's own last write; otherwise on the primary.
 */
export type ReadDb = {
  /** `owners`: the household and member the read is for (their own writes must show). */
  read<T>(owners: readonly string[], run: (db: Db) => Promise<T>): Promise<T>;
  /** After a committed write by these owners: their reads, through any server process, stay on the primary until the replica has replayed it (decision 129). */
  wrote(owners: readonly string[]): Promise<void>;
  /** True when a replica is configured (false: every read is on the primary, nothing else happens). */
  readonly replicated: boolean;
  close(): Promise<void>;
};

export type ReplicaOptions = {
  /** A replica that has not replayed what the primary had this long ago is lagging: reads go to the primary. */
  maxLagMs?: number;
  /** How often the replica's replay position and the primary's WAL position are sampled. */
  pollMs?: number;
  /** How often a process deletes the shared write positions the replica has replayed. */
  forgetEveryMs?: number;
  /** A replayed write position is deleted only once noted this long ago (see KEEP_REPLAYED_SECONDS). */
  keepReplayedSeconds?: number;
};

const DEFAULT_MAX_LAG_MS = 30_000;
const DEFAULT_POLL_MS = 250;
const DEFAULT_FORGET_EVERY_MS = 10_000;
/**
 * A replayed write position is kept this long after it was noted: a read that started on the
 * replica before it had replayed the write, and asks for the position after another process
 * deleted it, would otherwise take the old answer. Far longer than any screen read.
 */
const KEEP_REPLAYED_SECONDS = 60;
/** A write whose position could not be read: above any real one until a later sample replaces it. */
const UNKNOWN = (1n << 64n) - 1n;

/** Without a replica the read handle is the primary itself: no sampling, no bookkeeping. */
export function primaryOnlyReads(primary: Db): ReadDb {
  return {
    read: (_owners, run) => run(primary),
    wrote: async () => {},
    replicated: false,
    close: async () => {},
  };
}

export function createReadDb(options: { primary: Database; readUrl?: string | undefined; logger: Logger } & ReplicaOptions): ReadDb {
  if (!options.readUrl) return primaryOnlyReads(options.primary.db);
  if (options.primary.kind !== 'postgres') throw new Error('A read replica needs a PostgreSQL primary');
  return replicaReads(options.primary, createDatabase({ url: options.readUrl }), options.logger, options);
}

/** The SQLSTATE of a failed query; drizzle wraps the driver's error and keeps it as the cause. */
function sqlState(error: unknown): string | undefined {
  let e = error;
  for (let depth = 0; depth < 4 && typeof e === 'object' && e !== null; depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

// A replica's handle → its primary's, for the few writes a screen read makes (a cache filled on
// the read that finds it empty, decision 024): a standby refuses them (SQLSTATE 25006).
const primaries = new WeakMap<object, Db>();

/** The handle a write must go through: the primary behind a replica's handle, else the same handle. */
export function writeHandle<T extends DbOrTx>(db: T): T | Db {
  return primaries.get(db) ?? db;
}

/** 'X/Y' (two hex halves) as one comparable number; null stays null (not a replica, or nothing replayed yet). */
export function parseLsn(lsn: string | null | undefined): bigint | null {
  if (!lsn) return null;
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

function replicaReads(primary: Database, replica: Database, logger: Logger, options: ReplicaOptions): ReadDb {
  primaries.set(replica.db, primary.db);
  const maxLagMs = options.maxLagMs ?? DEFAULT_MAX_LAG_MS;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const forgetEveryMs = options.forgetEveryMs ?? DEFAULT_FORGET_EVERY_MS;
  const keepReplayedSeconds = options.keepReplayedSeconds ?? KEEP_REPLAYED_SECONDS;
  let forgottenAt = 0;
  // Owner → the primary's WAL position after their last write. An entry goes once the replica has
  // replayed it; while the replica is down entries wait, at most one per owner that wrote.
  const pending = new Map<string, bigint>();
  // The primary's position over the last maxLagMs: the replica is healthy when it has replayed
  // what the primary had maxLagMs ago, a lag in time that an idle primary does not fake.
  const samples: { at: number; lsn: bigint }[] = [];
  let replayed: bigint | null = null;
  let replayedText: string | null = null;
  let state: 'unsampled' | 'up' | 'down' = 'unsampled';
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  // Logged on each change only: a replica down for an hour is one line, not one per read.
  const setHealth = (up: boolean, reason?: string) => {
    const next = up ? 'up' : 'down';
    if (next === state) return;
    if (up) logger.info('Screen reads go to the replica');
    else logger.warn({ reason }, 'Screen reads fall back to the primary');
    state = next;
  };
  const refused = new Set<string>();
  // Owners whose last write's position could not be read, and when that was.
  const unknownSince = new Map<string, number>();
  const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

  const primaryWalLsn = async () => parseLsn(rowsOf<{ lsn: string }>(await primary.db.execute(sql`select pg_current_wal_lsn()::text as lsn`))[0]!.lsn)!;

  const sample = async () => {
    const startedAt = performance.now();
    try {
      const primaryLsn = await primaryWalLsn();
      const now = Date.now();
      samples.push({ at: now, lsn: primaryLsn });
      // Only a position read after the write can stand for it.
      for (const [owner, at] of unknownSince) {
        if (at >= startedAt) continue;
        unknownSince.delete(owner);
        if (pending.get(owner) === UNKNOWN) pending.set(owner, primaryLsn);
      }
      while (samples.length > 1 && samples[1]!.at <= now - maxLagMs) samples.shift();
      const [r] = rowsOf<{ lsn: string | null; recovery: boolean }>(
        await replica.db.execute(sql`select pg_last_wal_replay_lsn()::text as lsn, pg_is_in_recovery() as recovery`),
      );
      if (!r!.recovery) return setHealth(false, 'DATABASE_READ_URL is not a replica in recovery');
      replayed = parseLsn(r!.lsn);
      replayedText = r!.lsn;
      for (const [owner, lsn] of pending) if (replayed !== null && replayed >= lsn) pending.delete(owner);
      const due = samples[0]!.at <= now - maxLagMs ? samples[0]!.lsn : null;
      if (replayed === null) return setHealth(false, 'the replica has replayed nothing');
      if (due !== null && replayed < due) return setHealth(false, `the replica lags more than ${maxLagMs} ms`);
      setHealth(true);
    } catch (error) {
      setHealth(false, describe(error));
    }
  };
  // The shared positions (decision 129) stay bounded: whichever process gets here deletes those
  // the replica has replayed. A replica down for long keeps one row per owner that wrote meanwhile.
  const forget = async () => {
    const now = Date.now();
    if (replayedText === null || now - forgottenAt < forgetEveryMs) return;
    forgottenAt = now;
    try {
      await forgetReplayedPositions(primary.db, replayedText, keepReplayedSeconds);
    } catch (error) {
      logger.warn({ err: error }, 'Could not delete the replayed write positions; the next round tries again');
    }
  };
  const loop = async () => {
    await sample();
    await forget();
    if (!closed) timer = setTimeout(() => void loop(), pollMs).unref();
  };
  const started = loop();
  const lookups = positionLookups(async (owners) => {
    const positions = new Map<string, bigint>();
    for (const [owner, lsn] of await writePositionsOf(primary.db, owners)) positions.set(owner, parseLsn(lsn)!);
    return positions;
  });

  const onReplica = (owners: readonly string[]) => {
    if (state !== 'up' || replayed === null) return false;
    return owners.every((owner) => {
      const lsn = pending.get(owner);
      return lsn === undefined || replayed! >= lsn;
    });
  };

  return {
    replicated: true,
    async read<T>(owners: readonly string[], run: (db: Db) => Promise<T>): Promise<T> {
      if (!onReplica(owners)) return run(primary.db);
      // The replica has replayed at least this much before the read below starts on it.
      const seen = replayed!;
      // Another process may have taken this owner's last write (decision 129): its position is
      // asked of the primary while the replica runs the read, so the answer costs no added wait;
      // reads that begin together share one lookup. Unknown (the primary did not answer) counts as
      // not replayed.
      const written = lookups.latest(owners).catch(() => UNKNOWN);
      let answer: T;
      try {
        answer = await run(replica.db);
      } catch (error) {
        // A read is safe to run twice. A lost connection marks the replica down until the next
        // sample finds it again; a conflict with recovery or a database not replayed yet only retries.
        const code = sqlState(error);
        if (code === undefined || code.startsWith('08') || code.startsWith('57P')) setHealth(false, describe(error));
        else if (!refused.has(code)) {
          // Once per kind: a screen read that writes (25006 on a standby) is a bug to find, not noise.
          refused.add(code);
          logger.warn({ code, reason: describe(error) }, 'A screen read failed on the replica and ran on the primary');
        }
        await written;
        return run(primary.db);
      }
      const lsn = await written;
      if (lsn === null || lsn <= seen) return answer;
      // Written through another process and not replayed yet: this answer may be older than the
      // write. This process now knows the position too, so the owner's next reads skip the replica.
      if (lsn !== UNKNOWN) for (const owner of owners) if ((pending.get(owner) ?? -1n) < lsn) pending.set(owner, lsn);
      return run(primary.db);
    },
    async wrote(owners) {
      let lsn = UNKNOWN;
      try {
        // Shared with every process (decision 129); this process also keeps it in memory.
        lsn = parseLsn(await noteWritePosition(primary.db, owners))!;
      } catch (error) {
        // The write has committed and its answer must not turn into a 500: the owner reads the
        // primary until the next sample, taken after this write, gives a position to wait for.
        logger.warn({ err: error }, 'No WAL position after a write; the writer reads the primary until the next sample');
        for (const owner of owners) unknownSince.set(owner, performance.now());
      }
      for (const owner of owners) if ((pending.get(owner) ?? -1n) < lsn) pending.set(owner, lsn);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await started;
      await replica.close();
    },
  };
}
