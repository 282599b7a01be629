import { createHash, randomBytes } from 'node:crypto';
import { defineRequestState } from '@better-auth/core/context';
import type { DBAdapter, DBTransactionAdapter, Where } from 'better-auth';

/**
 * What the `sessions.token` column holds for a session token: its SHA-256, in hex. Migration
 * 0025 computes the same thing in SQL for the rows it found (decision 071).
 */
function hashSessionToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

const SESSION = 'session';
const TOKEN = 'token';
const STAND_IN_PREFIX = 'listed-';

/**
 * What one request has seen of session tokens. `tokens`: stored hash → the token it came from,
 * for every token the library wrote or looked a session up by. `standIns`: a random value handed
 * out in place of the token of a row found some other way (a member's session list) → that
 * row's stored hash, so the library can name the row again (revoke-other-sessions does) in the
 * same request. Neither outlives the request, and neither is ever built from a database value
 * alone, so nothing read from the database can be played back as a token.
 */
type Seen = { tokens: Map<string, string>; standIns: Map<string, string> };

const seenThisRequest = defineRequestState<Seen>(() => ({ tokens: new Map(), standIns: new Map() }));

async function seen(): Promise<Seen> {
  // Outside a better-auth endpoint there is no request state: each call then knows only what it was given.
  return seenThisRequest.get().catch(() => ({ tokens: new Map(), standIns: new Map() }));
}

function stored(value: unknown, memory: Seen): string {
  if (typeof value !== 'string') throw new Error('A session token must be a string');
  const listed = memory.standIns.get(value);
  if (listed !== undefined) return listed;
  const hash = hashSessionToken(value);
  memory.tokens.set(hash, value);
  return hash;
}

function storedWhere(where: Where[] | undefined, memory: Seen): Where[] | undefined {
  return where?.map((clause) => {
    if (clause.field !== TOKEN) return clause;
    const operator = clause.operator ?? 'eq';
    if (operator === 'eq' || operator === 'ne') return { ...clause, value: stored(clause.value, memory) };
    if ((operator === 'in' || operator === 'not_in') && Array.isArray(clause.value)) {
      return { ...clause, value: (clause.value as unknown[]).map((v) => stored(v, memory)) };
    }
    // A prefix or range of a token means nothing once only its hash is stored.
    throw new Error(`Session tokens are stored hashed; "${operator}" cannot compare them`);
  });
}

function storedData<T>(data: T, memory: Seen): T {
  const row = data as Record<string, unknown>;
  return TOKEN in row && row[TOKEN] !== undefined ? ({ ...row, [TOKEN]: stored(row[TOKEN], memory) } as T) : data;
}

/** The row as the library expects it: the token it knows, or a stand-in for one it never had. */
function answered<T>(row: T, memory: Seen): T {
  const record = row as Record<string, unknown> | null;
  const hash = record?.[TOKEN];
  if (typeof hash !== 'string') return row;
  const token = memory.tokens.get(hash);
  if (token !== undefined) return { ...record, [TOKEN]: token } as T;
  const standIn = `${STAND_IN_PREFIX}${randomBytes(24).toString('base64url')}`;
  memory.standIns.set(standIn, hash);
  return { ...record, [TOKEN]: standIn } as T;
}

function refuseJoinedSessions(join: Record<string, unknown> | undefined) {
  // No lookup of better-auth 1.6 joins sessions onto another model; one that did would hand
  // out stored hashes as tokens, so it fails loudly rather than quietly.
  if (join && SESSION in join) throw new Error('Sessions joined onto another model would carry their stored token hashes');
}

function wrapped<A extends DBTransactionAdapter>(inner: A): A {
  return {
    ...inner,
    create: async (args) => {
      if (args.model !== SESSION) return inner.create(args);
      const memory = await seen();
      return answered(await inner.create({ ...args, data: storedData(args.data, memory) }), memory);
    },
    findOne: async (args) => {
      if (args.model !== SESSION) {
        refuseJoinedSessions(args.join);
        return inner.findOne(args);
      }
      const memory = await seen();
      return answered(await inner.findOne({ ...args, where: storedWhere(args.where, memory)! }), memory);
    },
    findMany: async (args) => {
      if (args.model !== SESSION) {
        refuseJoinedSessions(args.join);
        return inner.findMany(args);
      }
      const memory = await seen();
      const rows = await inner.findMany({ ...args, where: storedWhere(args.where, memory) });
      return rows.map((row) => answered(row, memory));
    },
    count: async (args) => {
      if (args.model !== SESSION) return inner.count(args);
      return inner.count({ ...args, where: storedWhere(args.where, await seen()) });
    },
    update: async (args) => {
      if (args.model !== SESSION) return inner.update(args);
      const memory = await seen();
      const row = await inner.update({ ...args, where: storedWhere(args.where, memory)!, update: storedData(args.update, memory) });
      return answered(row, memory);
    },
    updateMany: async (args) => {
      if (args.model !== SESSION) return inner.updateMany(args);
      const memory = await seen();
      return inner.updateMany({ ...args, where: storedWhere(args.where, memory)!, update: storedData(args.update, memory) });
    },
    delete: async (args) => {
      if (args.model !== SESSION) return inner.delete(args);
      return inner.delete({ ...args, where: storedWhere(args.where, await seen())! });
    },
    deleteMany: async (args) => {
      if (args.model !== SESSION) return inner.deleteMany(args);
      return inner.deleteMany({ ...args, where: storedWhere(args.where, await seen())! });
    },
    consumeOne: async (args) => {
      if (args.model !== SESSION) return inner.consumeOne(args);
      const memory = await seen();
      return answered(await inner.consumeOne({ ...args, where: storedWhere(args.where, memory)! }), memory);
    },
    incrementOne: async (args) => {
      if (args.model !== SESSION) return inner.incrementOne(args);
      const memory = await seen();
      const row = await inner.incrementOne({ ...args, where: storedWhere(args.where, memory)!, ...(args.set ? { set: storedData(args.set, memory) } : {}) });
      return answered(row, memory);
    },
  };
}

/**
 * The adapter better-auth is given, storing only a hash of each session token (decision 071).
 * The cookie carries the token; every write and lookup of a session by token goes through its
 * hash, and rows come back with the token the library already knew. A copy of the database
 * therefore holds nothing that signs anyone in.
 */
export function withHashedSessionTokens(adapter: DBAdapter): DBAdapter {
  return {
    ...wrapped(adapter),
    transaction: (callback) => adapter.transaction((trx) => callback(wrapped(trx))),
  };
}
