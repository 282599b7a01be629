import { gzipSync } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';

/** Hono compress's own floor: a smaller answer is not worth an encoding. */
const THRESHOLD_BYTES = 1024;
/**
 * Above this, gzip in one call would hold the event loop for more than about a millisecond, so a
 * larger answer goes through compress's stream as before.
 */
const IN_ONE_CALL_MAX_BYTES = 256 * 1024;
const JSON_TYPE = /^application\/json\b/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/** Whether the client takes gzip (q > 0), as compress reads Accept-Encoding for its first choice. */
function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().split(';');
    const type = name!.trim().toLowerCase();
    if (type !== 'gzip' && type !== '*') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

/**
 * Hono's `c.res = …` on a finished answer rebuilds the new one around a body stream and copies the
 * old one's headers over it (a strong ETag, a missing Content-Encoding): cleared first, the new
 * answer is taken as it is. Its headers are already a copy of the old one's, cookies included.
 */
function replaceAnswer(c: Context, body: Uint8Array, status: number, headers: Headers) {
  c.res = undefined;
  c.res = new Response(body, { status, headers });
}

/**
 * A JSON answer (a string the route made, in memory already) encoded in one call. compress pipes
 * every answer without a Content-Length, the smallest included, through a web CompressionStream
 * and the server then reads it back chunk by chunk: on a screen read that machinery cost the
 * process more CPU than the route itself. Anything else (not JSON, a client without gzip, a
 * large answer) is left to compress as before.
 */
async function encodeInOneCall(c: Context): Promise<void> {
  // Asked first, and `res.body` never touched: on Node reading it turns the answer the route made
  // into a stream, which would cost every client that takes no encoding what compress cost.
  if (!acceptsGzip(c.req.header('Accept-Encoding')) || c.req.method === 'HEAD') return;
  const res = c.res;
  const type = res.headers.get('Content-Type');
  if (!type || !JSON_TYPE.test(type) || res.status === 204 || res.status === 206 || res.status === 304) return;
  if (res.headers.has('Content-Encoding') || res.headers.has('Transfer-Encoding')) return;
  if (NO_TRANSFORM.test(res.headers.get('Cache-Control') ?? '')) return;
  if (Number(res.headers.get('Content-Length') ?? 0) > IN_ONE_CALL_MAX_BYTES) return;
  const bytes = Buffer.from(await res.arrayBuffer());
  const headers = new Headers(res.headers);
  if (bytes.length < THRESHOLD_BYTES || bytes.length > IN_ONE_CALL_MAX_BYTES) {
    // Said so compress leaves it as it is (small) or streams it as before (large).
    if (bytes.length < THRESHOLD_BYTES) headers.set('Content-Length', String(bytes.length));
    replaceAnswer(c, bytes, res.status, headers);
    return;
  }
  const encoded = gzipSync(bytes);
  headers.set('Content-Encoding', 'gzip');
  headers.set('Content-Length', String(encoded.length));
  const etag = headers.get('ETag');
  if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
  replaceAnswer(c, encoded, res.status, headers);
}

/**
 * Hono's compress, with `Vary: Accept-Encoding` said before the handler runs. compress adds it
 * after the answer is made, through `c.header`, and on a finished answer that rebuilds it as a
 * web Response whose body is a stream: on Node the string the route gave is then turned into a
 * stream and read back out of it, on every JSON answer, compressed or not (decision 074). Said
 * first, the header goes out with the answer as it is made, compress finds it there, and it
 * still encodes for a client that asks; JSON answers are gzipped in one call (encodeInOneCall).
 */
export function compressAnswers(): MiddlewareHandler {
  const encode = compress();
  return async (c, next) => {
    c.header('Vary', 'Accept-Encoding');
    await encode(c, async () => {
      await next();
      await encodeInOneCall(c);
    });
  };
}
