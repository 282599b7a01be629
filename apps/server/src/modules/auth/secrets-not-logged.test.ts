import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emailOutbox } from '../../db/schema/email-outbox.schema';
import { createLogger } from '../../lib/logger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, cookieHeader, createMember, totpFromUri } from '../../test/test-session';

const json = { 'content-type': 'application/json' };

describe('secrets never reach the logs', () => {
  const lines: string[] = [];
  const consoleOutput: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void consoleOutput.push(args.map(String).join(' ')));
    }
    t = await createTestApp({ env: { LOG_LEVEL: 'trace' }, logger: createLogger({ level: 'trace', destination: { write: (line: string) => void lines.push(line) } }) });
  });
  afterAll(async () => {
    await t.close();
    vi.restoreAllMocks();
  });

  it('across sign-up, sign-in, failed sign-in, reset and two-factor', async () => {
    const secrets: string[] = [];
    const member = await createMember(t.app);
    secrets.push(member.password, member.cookie.split('=')[1]!.split('.')[0]!);

    await t.app.request('/api/auth/sign-in/email', { method: 'POST', headers: json, body: JSON.stringify({ email: member.email, password: 'Wrong-but-secret-1' }) });
    secrets.push('Wrong-but-secret-1');

    const signedIn = await t.app.request('/api/auth/sign-in/email', { method: 'POST', headers: json, body: JSON.stringify({ email: member.email, password: member.password }) });
    const cookie = cookieHeader(signedIn);
    secrets.push(cookie.split('=')[1]!);

    const enabled = await t.app.request('/api/auth/two-factor/enable', { method: 'POST', headers: asMember({ cookie }), body: JSON.stringify({ password: member.password }) });
    const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
    secrets.push(new URL(totpURI).searchParams.get('secret')!, ...backupCodes);
    await t.app.request('/api/auth/two-factor/verify-totp', { method: 'POST', headers: asMember({ cookie }), body: JSON.stringify({ code: totpFromUri(totpURI) }) });

    await t.app.request('/api/auth/request-password-reset', { method: 'POST', headers: json, body: JSON.stringify({ email: member.email, redirectTo: '/reset-password' }) });
    await t.accounts.mailer.settle();
    const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, member.email)).orderBy(desc(emailOutbox.createdAt));
    const resetToken = mails.map((m) => m.text.match(/reset-password\?token=([\w-]+)/)?.[1]).find(Boolean)!;
    const verifyToken = mails.map((m) => m.text.match(/verify-email\?token=([\w.-]+)/)?.[1]).find(Boolean)!;
    secrets.push(resetToken, verifyToken);
    await t.app.request('/api/auth/reset-password', { method: 'POST', headers: json, body: JSON.stringify({ token: resetToken, newPassword: 'Another-secret-99' }) });
    secrets.push('Another-secret-99');
    await t.accounts.mailer.settle();

    const output = [...lines, ...consoleOutput].join('\n');
    expect(lines.length).toBeGreaterThan(5);
    expect(output).toContain('Email written to the outbox');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThanOrEqual(8);
      expect(output).not.toContain(secret);
    }
    expect(output).not.toMatch(/reset-password\?token=|verify-email\?token=|otpauth:/);
  });
});
