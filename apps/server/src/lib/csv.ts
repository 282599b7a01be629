/**
 * RFC 4180 CSV: fields with a comma, a quote or a line break are quoted, quotes doubled, lines
 * end in CRLF. Text that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a
 * leading apostrophe; numbers are written as numbers.
 */
export type CsvValue = string | number | null;

function field(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}

/** Rows without a header, each ending in CRLF: the later pages of a file written piece by piece. */
export function csvRows(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map((row) => `${row.map(field).join(',')}\r\n`).join('');
}
