import { isUuid } from './uuid';

/*
 * PostgreSQL array literals for `$1::float8[]`-style parameters. node-postgres serialises a JS
 * array by quoting and escaping every element, which for a 5000-reading batch is several
 * milliseconds of the event loop per column; numbers and uuids need neither.
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
