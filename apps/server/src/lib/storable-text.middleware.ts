import type { MiddlewareHandler } from 'hono';
import { errorBody } from './errors';

export const UNSTORABLE_TEXT_MESSAGE = 'Text cannot contain the NUL character (U+0000).';

/**
 * A JSON string escape for U+0000 preceded by an even number of backslashes: `\u0000` is the
 * NUL character, `\\u0000` is a backslash followed by the letters "u0000", which is fine.
 */
const JSON_NUL = /(?:^|[^\\])(?:\\\\)*\\u0000/;
const FORM_NUL = /%00/;

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function carriesNul(text: string, contentType: string): boolean {
  if (text.includes('\u0000')) return true;
  if (contentType.includes('json')) return JSON_NUL.test(text);
  if (contentType.includes('x-www-form-urlencoded')) return FORM_NUL.test(text);
  return false;
}

function decodedOrRaw(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * PostgreSQL's text types cannot hold U+0000 ("invalid byte sequence for encoding UTF8: 0x00"),
 * so any request carrying it in its path, query or body is refused here, once, before a route,
 * better-auth or a repository sees it, instead of failing deep in a write as a 500.
 * `skip` names paths whose own schema already refuses such text without reading the body twice
 * (reading ingest: ids and metric names are pattern-checked).
 */
export function storableText(skip: (path: string) => boolean = () => false): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (decodedOrRaw(url.pathname).includes('\u0000') || decodedOrRaw(url.search).includes('\u0000')) return refuse(c);
    if (!WITH_BODY.has(c.req.method) || skip(c.req.path) || c.req.raw.body === null) return next();
    const contentType = c.req.header('content-type')?.toLowerCase() ?? '';
    const isText = contentType === '' || contentType.includes('json') || contentType.startsWith('text/') || contentType.includes('x-www-form-urlencoded');
    // Hono keeps the text, so handlers and validators read the same body after this.
    if (isText && carriesNul(await c.req.text(), contentType)) return refuse(c);
    return next();
  };
}

function refuse(c: Parameters<MiddlewareHandler>[0]) {
  return c.json(errorBody('unstorable_text', UNSTORABLE_TEXT_MESSAGE), 400);
}
