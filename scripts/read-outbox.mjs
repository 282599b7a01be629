// `npm run outbox`: the embedded database's email outbox as .eml files, one whole message each
// (headers, text, HTML and any calendar invitation), which any mail client opens. PGlite is one
// process's database: stop the server first (docs/notifications.md).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: './data' },
    out: { type: 'string', default: './outbox' },
    to: { type: 'string' },
    limit: { type: 'string', default: '20' },
  },
});
const limit = Number(values.limit);
if (!Number.isInteger(limit) || limit < 1) throw new Error('--limit takes a whole number of messages, 1 or more');

const db = new PGlite(resolve(values.data));
try {
  const { rows } = await db.query(
    `select id, to_char(created_at at time zone 'UTC', 'YYYYMMDD"T"HH24MISS"Z"') as at, "to", subject, raw
     from email_outbox where $1::text is null or lower("to") = lower($1) order by created_at desc limit $2`,
    [values.to ?? null, limit],
  );
  mkdirSync(values.out, { recursive: true });
  for (const row of rows) {
    // Rows written before the outbox kept whole messages have their text only.
    if (!row.raw) {
      console.log(`${row.at}  ${row.to}  ${row.subject}  (no whole message: written before the outbox kept them)`);
      continue;
    }
    const file = join(values.out, `${row.at}-${row.id}.eml`);
    writeFileSync(file, row.raw);
    console.log(`${row.at}  ${row.to}  ${row.subject}  → ${file}`);
  }
  if (rows.length === 0) console.log('The outbox holds no such email.');
} finally {
  await db.close();
}
