/**
 * A PostgreSQL array literal for `= any(${pgArray(ids)}::uuid[])`: drizzle expands a JS array
 * into a parameter list, which cannot be cast to an array. For ids and dates only (no quoting).
 */
export function pgArray(values: readonly string[]): string {
  return `{${values.join(',')}}`;
}
