import { isUuid } from './uuid';

/*
 * PostgreSQL array literals for `$1::float8[]`-style parameters. node-postgres serialises a JS
 * array by quoting and escaping every element, which for a 5000-reading batch is several
 * milliseconds of the event loop per column; numbers and uuids need neither.
 * The other way, a numeric column read as one `array_agg(…)::text` is the cheapest transport
 * for a long series: PostgreSQL prints each number once (as it would in a row), and the server
 * splits one string instead of parsing a row object per value.
 */

/** Finite numbers or nulls (NaN and ±Infinity never reach here: ingest refuses them). */
export function numberArray(values: readonly (number | null | undefined)[]): string {
  let text = '{';
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i];
    if (i > 0) text += ',';
    text += value === null || value === undefined ? 'NULL' : String(value);
  }
  return `${text}}`;
}

/** Uuids (checked: one that is not would otherwise break out of the literal). */
export function uuidArray(values: readonly string[]): string {
  for (const value of new Set(values)) if (!isUuid(value)) throw new Error(`Not a uuid: ${value}`);
  return `{${values.join(',')}}`;
}

/** Local dates YYYY-MM-DD (checked, like uuids). */
export function dateArray(values: readonly string[]): string {
  for (const value of new Set(values)) if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new Error(`Not a date: ${value}`);
  return `{${values.join(',')}}`;
}

/**
 * The elements of a one-dimensional numeric array's text (`array_agg(x)::text`): numbers exactly
 * as PostgreSQL printed them (float8 prints so that it reads back exactly), NULL as null. A
 * null input (array_agg over no rows) is empty. Finite numbers only (NaN and ±Infinity never
 * reach the database: ingest refuses them); their text is JSON's, so JSON.parse reads it, a
 * third faster than splitting it.
 */
export function parseNumberArray(text: string | null): (number | null)[] {
  if (text === null) return [];
  if (text[0] !== '{' || text[text.length - 1] !== '}') throw new Error(`Not an array: ${text.slice(0, 20)}`);
  return JSON.parse(`[${text.slice(1, -1).replaceAll('NULL', 'null')}]`) as (number | null)[];
}

/** Fixed names such as scopes and event types (checked: nothing that could break out of the literal). */
export function nameArray(values: readonly string[]): string {
  for (const value of values) if (!/^[a-z][a-z0-9.:_-]*$/.test(value)) throw new Error(`Not a plain name: ${value}`);
  return `{${values.join(',')}}`;
}
