import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { executePrepared } from '../db/prepared-statement';
import { rowsOf } from '../db/rows';

/**
 * A contract fuzzer driven by the app's own OpenAPI document (decision 047): for every operation
 * it sends generated requests, valid-looking and hostile, as each actor, and checks that
 * - nothing answers 5xx;
 * - every 4xx carries the error shape `{ error: { code, message } }` with a message;
 * - a refused request changes no table (the transaction counter says whether anything wrote;
 *   only then are the tables hashed);
 * - a JSON success matches its documented schema, with a documented status;
 * - no answer to one member carries another member's identifiers.
 * Cases come from a seeded generator, so a failure is reproduced by its seed and index.
 */

type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
};
type Parameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
};
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

export type Actor = { name: string; headers: Record<string, string> };
export type FuzzCase = { method: string; path: string; url: string; headers: Record<string, string>; body?: string; note: string };
export type FuzzFailure = { operation: string; actor: string; seed: number; index: number; status: number; problem: string; request: FuzzCase; answer: string };
export type FuzzReport = { operations: number; requests: number; byStatus: Record<string, number>; failures: FuzzFailure[] };

/** mulberry32: small, fast and good enough to spread cases; the seed makes a run repeatable. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!,
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof prng>;

const HOSTILE_STRINGS = [
  '',
  ' ',
  'x'.repeat(10_000),
  '\ud800',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '../../etc/passwd',
  '%00',
  '😀'.repeat(50),
  'null',
  '-1',
  '1e309',
  'NaN',
  '2026-02-30',
  '9999-99-99T99:99:99Z',
  '00000000-0000-0000-0000-000000000000',
];
const HOSTILE_VALUES: unknown[] = [null, true, false, 0, -1, 1.5, -1e308, 2 ** 53 + 2, [], {}, [[[[[]]]]], { a: { b: { c: {} } } }, ...HOSTILE_STRINGS];

const hex = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.int(0, 15).toString(16)).join('');
const uuid = (rng: Rng) => `${hex(rng, 8)}-${hex(rng, 4)}-4${hex(rng, 3)}-${rng.pick(['8', '9', 'a', 'b'])}${hex(rng, 3)}-${hex(rng, 12)}`;

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
}

/** A value the schema accepts (as far as a generator without a solver can tell). */
function validValue(schema: JsonSchema, rng: Rng, known: readonly string[], depth = 0): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return rng.pick(schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return validValue(rng.pick(union), rng, known, depth);
  if (schema.allOf?.length) return validValue(Object.assign({}, ...schema.allOf) as JsonSchema, rng, known, depth);
  switch (typeOf(schema)) {
    case 'integer':
    case 'number': {
      const lo = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000);
      const hi = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : Math.max(lo, 0) + 10_000);
      const n = lo + rng.next() * (hi - lo);
      return typeOf(schema) === 'integer' ? Math.round(n) : n;
    }
    case 'boolean':
      return rng.chance(0.5);
    case 'array': {
      if (depth > 4) return [];
      const count = rng.int(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, (schema.minItems ?? 0) + 3));
      return Array.from({ length: count }, () => validValue(schema.items ?? {}, rng, known, depth + 1));
    }
    case 'object': {
      if (depth > 4) return {};
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || rng.chance(0.5)) out[key] = validValue(property, rng, known, depth + 1);
      }
      return out;
    }
    case 'string':
      return validString(schema, rng, known);
    default:
      return rng.pick(['x', 1, true]);
  }
}

function validString(schema: JsonSchema, rng: Rng, known: readonly string[]): string {
  const now = Date.now();
  switch (schema.format) {
    case 'uuid':
      return known.length > 0 && rng.chance(0.6) ? rng.pick(known) : uuid(rng);
    case 'date-time':
      return new Date(now + rng.int(-40, 40) * 86_400_000 + rng.int(0, 86_399) * 1000).toISOString();
    case 'date':
      return new Date(now + rng.int(-400, 60) * 86_400_000).toISOString().slice(0, 10);
    case 'email':
      return `fuzz-${hex(rng, 6)}@example.com`;
    case 'uri':
    case 'url':
      return `https://example.com/${hex(rng, 6)}`;
  }
  const min = schema.minLength ?? 1;
  const max = Math.min(schema.maxLength ?? 24, min + 24);
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -éàç';
  return Array.from({ length: rng.int(min, max) }, () => rng.pick([...alphabet])).join('');
}

/** Replaces, drops or adds one field somewhere in a generated value. */
function mutate(value: unknown, schema: JsonSchema, rng: Rng): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value) && rng.chance(0.8)) {
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    const keys = Object.keys(schema.properties ?? copy);
    const key = keys.length > 0 ? rng.pick(keys) : 'extra';
    const roll = rng.next();
    if (roll < 0.2) delete copy[key];
    else if (roll < 0.3) copy[`unexpected_${hex(rng, 3)}`] = rng.pick(HOSTILE_VALUES);
    else copy[key] = rng.chance(0.3) && schema.properties?.[key] ? mutate(copy[key], schema.properties[key]!, rng) : rng.pick(HOSTILE_VALUES);
    return copy;
  }
  return rng.pick(HOSTILE_VALUES);
}

/** Percent-encoded; a lone surrogate (not encodable) is sent as the invalid UTF-8 it would be. */
function encodePathPart(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

/** One request for an operation: mostly plausible, often hostile in one place. */
export function generateCase(method: string, path: string, op: Operation, rng: Rng, known: readonly string[]): FuzzCase {
  const notes: string[] = [];
  let url = path;
  const query = new URLSearchParams();
  for (const parameter of op.parameters ?? []) {
    const hostile = rng.chance(0.3);
    const raw = hostile ? rng.pick(HOSTILE_VALUES) : validValue(parameter.schema, rng, known);
    if (hostile) notes.push(`hostile ${parameter.in} ${parameter.name}`);
    const text = typeof raw === 'string' ? raw : JSON.stringify(raw);
    if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodePathPart(text || 'x'));
    else if (parameter.in === 'query' && (parameter.required || rng.chance(0.7))) query.set(parameter.name, text);
  }
  if (query.size > 0) url += `?${query}`;

  const headers: Record<string, string> = {};
  let body: string | undefined;
  const json = op.requestBody?.content['application/json']?.schema;
  if (json) {
    const value = validValue(json, rng, known);
    const roll = rng.next();
    if (roll < 0.35) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(value);
    } else if (roll < 0.8) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(mutate(value, json, rng));
      notes.push('mutated body');
    } else {
      const broken = rng.pick(['{', '', 'null', '[]', '"x"', JSON.stringify(value).slice(0, -1), 'a=b']);
      headers['content-type'] = rng.pick(['application/json', 'text/plain', 'application/x-www-form-urlencoded']);
      body = broken;
      notes.push(`broken body as ${headers['content-type']}`);
    }
  } else if (method !== 'get' && rng.chance(0.2)) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify({ unexpected: rng.pick(HOSTILE_VALUES) });
    notes.push('body where none is expected');
  }
  return { method: method.toUpperCase(), path, url, headers, ...(body === undefined ? {} : { body }), note: notes.join(', ') || 'plausible' };
}

/** The database's position in its transaction counter: it moves only when something writes. */
async function nextXid(db: Db): Promise<string> {
  const [row] = rowsOf<{ x: string }>(await db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`));
  return row!.x;
}

/** One md5 per table over its rows (in a stable order), minus tables a refused request may legitimately touch. */
async function tableHashes(db: Db, driver: Database['kind'], ignore: ReadonlySet<string>): Promise<Map<string, string>> {
  const tables = rowsOf<{ t: string }>(await db.execute(sql`select tablename as t from pg_tables where schemaname = 'public' order by 1`))
    .map((r) => r.t)
    .filter((t) => !ignore.has(t));
  if (tables.length === 0) return new Map();
  // One statement for every table: it runs after each request that wrote, and a round trip per
  // table was most of this smoke run's time (decision 093).
  const perTable = tables.map(
    (table, i) => `select ${i} as i, md5(coalesce(string_agg(md5(t::text), '' order by md5(t::text)), '')) as h from "${table}" t`,
  );
  const rows = rowsOf<{ i: number; h: string | null }>(await executeHashes(db, driver, perTable.join(' union all ')));
  return new Map(rows.map((row) => [tables[Number(row.i)]!, row.h ?? '']));
}

// Statements already prepared, per database (PGlite's one session keeps them until it closes).
const preparedOn = new WeakMap<Db, Set<string>>();

/**
 * The hashing statement, prepared: planning its hundred-odd aggregates was more than half of
 * its time, and it runs some 400 times a smoke run with the same text (it changes only when a
 * table is added, such as a month's partition). On PostgreSQL each pooled connection prepares
 * it under its own name; PGlite has no named statements, so there it is prepared in SQL.
 */
async function executeHashes(db: Db, driver: Database['kind'], text: string): Promise<unknown> {
  if (driver === 'postgres') return executePrepared(db, sql.raw(text));
  const name = `fuzz_hashes_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
  const prepared = preparedOn.get(db) ?? new Set<string>();
  preparedOn.set(db, prepared);
  if (!prepared.has(name)) {
    await db.execute(sql.raw(`prepare ${name} as ${text}`));
    prepared.add(name);
  }
  return db.execute(sql.raw(`execute ${name}`));
}

const ERROR_SHAPE = (body: unknown): boolean => {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string' && error.message.length > 0;
};

export type FuzzOptions = {
  app: { request(url: string, init?: RequestInit): Response | Promise<Response> };
  db: Db;
  /** Which driver `db` runs on: the tables' hashing statement is prepared as each allows. */
  driver: Database['kind'];
  document: OpenApiDocument;
  actors: readonly Actor[];
  /** Identifiers of the actors' own things (for plausible path ids) and of another member (must never appear). */
  known: readonly string[];
  secretsOfOthers: (actor: Actor) => readonly string[];
  casesPerOperation: number;
  seed: number;
  /** Operations run after all others, as "METHOD /path" (those that end the actors' sessions). */
  last?: ReadonlySet<string>;
  /** Operations to leave out, as "METHOD /path" (streams that never end). */
  skip?: ReadonlySet<string>;
  /** Tables a refused request may write (sessions refreshed on use, rate-limit counters). */
  mayChangeOnRefusal?: ReadonlySet<string>;
  /** Statuses any route may answer without documenting them (body limit, rate limits, origin guard). */
  undocumentedAllowed?: ReadonlySet<number>;
  /** Stops starting new cases after this many ms per operation. */
  budgetMsPerOperation?: number;
  /** Waits for what a request left running (the mailer writes the outbox after the answer), so its writes count against it. */
  settle?: () => Promise<void>;
};

export async function fuzzContracts(options: FuzzOptions): Promise<FuzzReport> {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  const ignore = options.mayChangeOnRefusal ?? new Set<string>();
  const report: FuzzReport = { operations: 0, requests: 0, byStatus: {}, failures: [] };
  await options.settle?.();
  let xid = await nextXid(options.db);
  let hashes = await tableHashes(options.db, options.driver, ignore);

  // Deleting the account ends the actors' sessions: it goes last, so every other route is reached signed in.
  const operations = Object.entries(options.document.paths)
    .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })))
    .sort((x, y) => Number(options.last?.has(`${x.method.toUpperCase()} ${x.path}`) ?? false) - Number(options.last?.has(`${y.method.toUpperCase()} ${y.path}`) ?? false));
  for (const [k, { path, method, op }] of operations.entries()) {
    const name = `${method.toUpperCase()} ${path}`;
    if (options.skip?.has(name)) continue;
    report.operations += 1;
    const started = Date.now();
    for (let index = 0; index < options.casesPerOperation; index += 1) {
      if (options.budgetMsPerOperation && Date.now() - started > options.budgetMsPerOperation) break;
      const actor = options.actors[index % options.actors.length]!;
      const seed = options.seed * 100_003 + k * 10_007 + index;
      const request = generateCase(method, path, op, prng(seed), options.known);
      const res = await options.app.request(request.url, { method: request.method, headers: { ...actor.headers, ...request.headers }, ...(request.body === undefined ? {} : { body: request.body }) });
      const text = await res.text();
      report.requests += 1;
      report.byStatus[res.status] = (report.byStatus[res.status] ?? 0) + 1;
      const fail = (problem: string) => report.failures.push({ operation: name, actor: actor.name, seed, index, status: res.status, problem, request, answer: text.slice(0, 300) });

      if (res.status >= 500) fail('5xx');
      const documented = op.responses[String(res.status)];
      if (!documented && !options.undocumentedAllowed?.has(res.status)) fail(`undocumented status ${res.status}`);
      const isJson = res.headers.get('content-type')?.includes('application/json') ?? false;
      let parsed: unknown;
      if (isJson) {
        try {
          parsed = JSON.parse(text);
        } catch {
          fail('invalid JSON');
        }
      }
      if (res.status >= 400 && !(isJson && ERROR_SHAPE(parsed))) fail('error without the error shape and a message');
      const schema = documented?.content?.['application/json']?.schema;
      if (res.status < 300 && isJson && schema && !ajv.validate(schema, parsed)) fail(`answer does not match its schema: ${ajv.errorsText(ajv.errors).slice(0, 200)}`);
      for (const secret of options.secretsOfOthers(actor)) if (secret && text.includes(secret)) fail(`leaks another member's ${secret}`);

      await options.settle?.();
      const after = await nextXid(options.db);
      if (after !== xid) {
        const now = await tableHashes(options.db, options.driver, ignore);
        if (res.status >= 400) {
          const changed = [...now].filter(([table, h]) => hashes.get(table) !== h).map(([table]) => table);
          if (changed.length > 0) fail(`refused but changed ${changed.join(', ')}`);
        }
        hashes = now;
        xid = await nextXid(options.db);
      }
    }
  }
  return report;
}
