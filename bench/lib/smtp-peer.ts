import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type SmtpPeer = {
  url: string;
  /** How many times each Message-ID arrived (the delivery id, decision 035). */
  received: Map<string, number>;
  /** Messages without a Message-ID header (none are expected). */
  withoutId: number;
  close(): Promise<void>;
};

const MESSAGE_ID = /^message-id:[ \t]*(<[^>\r\n]+>)/im;

/**
 * A real SMTP server the fault suite's server process sends to: it answers 250 to every message
 * once the whole body is in, as a provider does, and counts what arrived by Message-ID.
 */
export async function startSmtpPeer(): Promise<SmtpPeer> {
  const received = new Map<string, number>();
  const peer: SmtpPeer = { url: '', received, withoutId: 0, close: async () => {} };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        // The headers end at the first blank line; the id is read from them only.
        const raw = Buffer.concat(chunks).toString('utf8');
        const end = raw.search(/\r?\n\r?\n/);
        const headers = end === -1 ? raw : raw.slice(0, end);
        const id = MESSAGE_ID.exec(headers)?.[1];
        if (id) received.set(id, (received.get(id) ?? 0) + 1);
        else peer.withoutId++;
        callback();
      });
    },
  });
  // A client killed mid-conversation resets its socket; that is expected here.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  peer.url = `smtp://127.0.0.1:${port}`;
  peer.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return peer;
}
