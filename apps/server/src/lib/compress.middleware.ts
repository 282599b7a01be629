import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';

/**
 * Hono's compress, with `Vary: Accept-Encoding` said before the handler runs. compress adds it
 * after the answer is made, through `c.header`, and on a finished answer that rebuilds it as a
 * web Response whose body is a stream: on Node the string the route gave is then turned into a
 * stream and read back out of it, on every JSON answer, compressed or not (decision 074). Said
 * first, the header goes out with the answer as it is made, compress finds it there, and it
 * still encodes for a client that asks.
 */
export function compressAnswers(): MiddlewareHandler {
  const encode = compress();
  return async (c, next) => {
    c.header('Vary', 'Accept-Encoding');
    await encode(c, next);
  };
}
