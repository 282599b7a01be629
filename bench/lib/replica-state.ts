/** What a bench asks of the streaming replica it started (decision 123): caught up yet, and read from. */
import pg from 'pg';
import { log } from './format';

/** Until the replica has replayed what the primary has written so far; the seconds it took. */
export async function replicaCaughtUp(primary: pg.Pool | pg.Client, replicaUrl: string): Promise<number> {
  const { rows } = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
  const replica = new pg.Client({ connectionString: replicaUrl });
  await replica.connect();
  try {
    const started = performance.now();
    while (!(await replica.query<{ done: boolean }>('select pg_last_wal_replay_lsn() >= $1::pg_lsn as done', [rows[0]!.lsn])).rows[0]!.done) await new Promise((r) => setTimeout(r, 100));
    const seconds = (performance.now() - started) / 1000;
    log(`replica caught up in ${seconds.toFixed(1)} s`);
    return seconds;
  } finally {
    await replica.end();
  }
}

/** Transactions the replica ran on database `name`: proof that the screens read there. */
export async function replicaTransactions(replicaUrl: string, name: string): Promise<number> {
  const replica = new pg.Client({ connectionString: replicaUrl });
  await replica.connect();
  try {
    return Number((await replica.query<{ n: string }>('select xact_commit + xact_rollback as n from pg_stat_database where datname = $1', [name])).rows[0]?.n ?? 0);
  } finally {
    await replica.end();
  }
}
