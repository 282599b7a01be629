import type pg from 'pg';

/**
 * `work` in one transaction on a client of its own from `pool`: committed when it returns,
 * rolled back when it throws, the client given back either way. For the maintenance programs
 * that drive PostgreSQL through a plain pool rather than the app's database handle.
 */
export async function inPoolTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}
