import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { StoredEmail } from './mail-capture';

function read(): StoredEmail[] {
  const dir = inject('mailDir');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as StoredEmail);
}

/** Waits for an email to `to` (sent after `since`) that matches, as the real SMTP server received it. */
export async function waitForEmail(to: string, match: (email: StoredEmail) => boolean = () => true, since = 0, timeoutMs = 15_000): Promise<StoredEmail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = read().filter((email) => email.receivedAt >= since && email.to.includes(to.toLowerCase()) && match(email));
    if (found.length) return found[found.length - 1]!;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No email to ${to} within ${timeoutMs} ms`);
}

/** The first link in the email matching the pattern. */
export function linkIn(email: StoredEmail, pattern: RegExp): string {
  const found = email.text.match(pattern);
  if (!found) throw new Error(`No link matching ${pattern} in:\n${email.text}`);
  return found[0].replace(/&amp;/g, '&');
}
