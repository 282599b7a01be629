import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StoredEmail } from '../support/mail-capture';
import { createClient, type Client, type Reply } from './http-client';
import type { LiveServer } from './live-server';

/** The production session cookie (decision 067: every production cookie is __Host-). */
export const SESSION_COOKIE = '__Host-peakwise.session_token';

export type Member = { client: Client; email: string; password: string; userId: string };

export type AsvsContext = {
  server: LiveServer;
  /** A new browser from its own address. */
  client(): Client;
  /** A new member, signed up and signed in on a fresh client. */
  signUp(label: string): Promise<Member>;
  /** Signs `who` in on `client` (a fresh one by default) and returns it. */
  signIn(who: { email: string; password: string }, client?: Client): Promise<Client>;
  /** The newest email to `to` whose text matches, waiting for it to arrive. */
  email(to: string, pattern: RegExp, since: number): Promise<StoredEmail>;
  /** Every secret the run handled, by what it is; none may reach the server's output. */
  secrets: Map<string, string>;
  /** Remembers a session cookie's value (and the token inside it) as secrets. */
  keepSessionSecret(client: Client): void;
  /**
   * Waits until the demo household's back-fill is stored and its statements issued: the source of
   * another household's statements, and the end of the start-up work that would skew timings.
   */
  demoSettled(): Promise<void>;
};

let serial = 0;

export function expectStatus(reply: Reply, status: number, what: string) {
  if (reply.status !== status) throw new Error(`${what}: expected ${status}, got ${reply.status} ${reply.text.slice(0, 200)}`);
}

export function createContext(server: LiveServer): AsvsContext {
  const secrets = new Map<string, string>();
  const keepSessionSecret = (client: Client) => {
    const value = client.cookie(SESSION_COOKIE);
    if (!value) return;
    const decoded = decodeURIComponent(value);
    secrets.set(value, 'session cookie');
    secrets.set(decoded.split('.')[0]!, 'session token');
  };
  const context: AsvsContext = {
    server,
    secrets,
    keepSessionSecret,
    client: () => createClient(server.baseUrl),
    async signUp(label) {
      serial += 1;
      const email = `asvs-${label}-${serial}-${Date.now()}@example.com`;
      const password = `Asvs-${label}-pass-${serial}-${Math.random().toString(36).slice(2, 10)}`;
      secrets.set(password, 'password');
      const client = context.client();
      const res = await client.call('POST', '/api/auth/sign-up/email', {
        body: { email, confirmEmail: email, password, name: `Asvs ${label}`, birthDate: '1985-04-12', gender: 'female', marketingConsent: false, language: 'en' },
      });
      expectStatus(res, 200, `sign-up of ${email}`);
      if (!client.cookie(SESSION_COOKIE)) throw new Error(`sign-up of ${email} set no ${SESSION_COOKIE}`);
      keepSessionSecret(client);
      const [row] = await server.sql<{ id: string }>('select id from users where email = $1', [email]);
      if (!row) throw new Error(`no users row for ${email}`);
      return { client, email, password, userId: row.id };
    },
    async signIn(who, client = context.client()) {
      const res = await client.call('POST', '/api/auth/sign-in/email', { body: { email: who.email, password: who.password } });
      expectStatus(res, 200, `sign-in of ${who.email}`);
      keepSessionSecret(client);
      return client;
    },
    async demoSettled() {
      for (let waited = 0; waited < 120; waited += 1) {
        if ((await server.sql('select 1 from statements limit 1')).length > 0) return;
        await new Promise((r) => setTimeout(r, 1_000));
      }
      throw new Error('the demo household issued no statement within 120 s');
    },
    async email(to, pattern, since) {
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline) {
        const found = readdirSync(server.mailDir)
          .filter((name) => name.endsWith('.json'))
          .sort()
          .map((name) => JSON.parse(readFileSync(join(server.mailDir, name), 'utf8')) as StoredEmail)
          .filter((mail) => mail.receivedAt >= since && mail.to.includes(to.toLowerCase()) && pattern.test(mail.text));
        if (found.length) return found[found.length - 1]!;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`no email to ${to} matching ${pattern} within 15 s`);
    },
  };
  return context;
}
