import type { z } from 'zod';

export const SINGLE_LINE_TEXT_MESSAGE = 'Use a single line of ordinary text: no line breaks, tabs, control characters or direction overrides.';

/**
 * Unicode's control characters (Cc: C0, DEL and C1, so CR, LF, tab, BEL and ESC among them) and
 * the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069). In a name
 * or a label they split a log line or a CSV row, ring or recolour a terminal, or make text read
 * backwards on a screen, a statement or an operator's queue (decision 080).
 */
const NOT_SINGLE_LINE = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

export function hasControlCharacters(text: string): boolean {
  return NOT_SINGLE_LINE.test(text);
}

/**
 * Every single-line text a request carries goes through this, after its own trim and bounds:
 * `name: singleLine(z.string().trim().min(1).max(100))`.
 */
export function singleLine<T extends z.ZodString>(schema: T, message: string = SINGLE_LINE_TEXT_MESSAGE): T {
  return schema.refine((text) => !hasControlCharacters(text), { error: message }) as T;
}
