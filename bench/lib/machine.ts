import { readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import type pg from 'pg';

/** One line describing where a number was measured; printed at the start of every run. */
export async function machineLine(client: pg.Pool | pg.Client): Promise<string> {
  let model = cpus()[0]?.model ?? 'unknown CPU';
  try {
    model = /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? model;
  } catch {
    // not Linux
  }
  const { rows } = await client.query<{ v: string }>('select current_setting($1) as v', ['server_version']);
  const load = loadavg().map((l) => l.toFixed(2)).join(' ');
  return `machine: ${cpus().length} cpu (${model}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, node ${process.version}, postgresql ${rows[0]?.v ?? '?'}, load ${load}`;
}
