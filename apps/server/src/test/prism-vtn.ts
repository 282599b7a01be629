import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OpenAdrVersion } from '../lib/config-openadr-vtns';
import { openAdrDocumentPath } from '../modules/openadr/openadr-schema';
import { freePort } from './local-ports';

/**
 * A VTN served from the official document by a third party (Stoplight Prism 5.12, the last to run
 * on Node 20): it answers from the document's examples and checks every request against it. Each
 * answer carries what Prism found wrong in an `sl-violations` header; `violations` collects them,
 * split into the VEN's requests (must be none) and Prism's own answers (the document's defects).
 */

type Violation = { location: string[]; code: string | number; message: string };
export type PrismVtn = {
  url: string;
  requestViolations: string[];
  responseViolations: string[];
  /** A fetch that records the violations and sends the token request, wherever the document's example says it is, to Prism. */
  fetch: typeof fetch;
  close(): Promise<void>;
};

export async function startPrismVtn(version: OpenAdrVersion, startTimeoutMs = 90_000): Promise<PrismVtn> {
  const require = createRequire(import.meta.url);
  const packageJson = require.resolve('@stoplight/prism-cli/package.json');
  const bin = join(dirname(packageJson), (require(packageJson) as { bin: { prism: string } }).bin.prism);
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [bin, 'mock', '-h', '127.0.0.1', '-p', String(port), fileURLToPath(openAdrDocumentPath(version))], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Prism exited: ${output}`);
    try {
      await fetch(`${url}/programs`, { signal: AbortSignal.timeout(1000) });
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill();
        throw new Error(`Prism did not start within ${startTimeoutMs} ms: ${output}`);
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  const requestViolations: string[] = [];
  const responseViolations: string[] = [];
  const recording: typeof fetch = async (input, init) => {
    let target = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    // Prism answers /auth/server with the document's example token URL (http://example.com).
    if (!target.startsWith(url)) target = `${url}/auth/token`;
    const response = await fetch(target, init);
    const header = response.headers.get('sl-violations');
    if (header) {
      for (const v of JSON.parse(header) as Violation[]) {
        const line = `${init?.method ?? 'GET'} ${new URL(target).pathname}: ${v.location.join('.')} ${v.message}`;
        (v.location[0] === 'request' ? requestViolations : responseViolations).push(line);
      }
    }
    return response;
  };
  return {
    url,
    requestViolations,
    responseViolations,
    fetch: recording,
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}
