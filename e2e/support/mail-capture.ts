import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
// Hoisted to the root node_modules by the server workspace (a devDependency there); not installed again here.
import { SMTPServer } from 'smtp-server';

export type StoredEmail = { to: string[]; subject: string; text: string; receivedAt: number };

function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function splitHeaders(block: string): { headers: string; body: string } {
  const at = block.search(/\r?\n\r?\n/);
  if (at < 0) return { headers: block, body: '' };
  return { headers: block.slice(0, at), body: block.slice(at).replace(/^\r?\n\r?\n/, '') };
}

function header(headers: string, name: string): string {
  const unfolded = headers.replace(/\r?\n[ \t]+/g, ' ');
  const match = unfolded.match(new RegExp(`^${name}:\\s*(.*)$`, 'im'));
  return match?.[1]?.trim() ?? '';
}

/** The text of every leaf part, decoded (quoted-printable or base64), html included. */
function decodeParts(block: string): string[] {
  const { headers, body } = splitHeaders(block);
  const type = header(headers, 'content-type');
  const boundary = type.match(/boundary="?([^";]+)"?/i)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .flatMap((part) => decodeParts(part.replace(/^\r?\n/, '')));
  }
  const encoding = header(headers, 'content-transfer-encoding').toLowerCase();
  if (encoding === 'base64') return [Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')];
  if (encoding === 'quoted-printable') return [decodeQuotedPrintable(body)];
  return [body];
}

function decodeSubject(raw: string): string {
  return raw.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_all, kind: string, text: string) =>
    kind.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

/**
 * A real SMTP server for the e2e server's mail: each message is decoded and written as JSON into
 * `dir`, where journeys read it back (support/mailbox.ts) and follow its links.
 */
export async function startMailCapture(dir: string) {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const { headers } = splitHeaders(raw);
        const email: StoredEmail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: decodeSubject(header(headers, 'subject')),
          text: decodeParts(raw).join('\n'),
          receivedAt: Date.now(),
        };
        count += 1;
        writeFileSync(join(dir, `${Date.now()}-${String(count).padStart(4, '0')}.json`), JSON.stringify(email));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
