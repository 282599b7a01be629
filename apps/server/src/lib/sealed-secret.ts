import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * A secret the server must hand on later but must not keep readable in the database meanwhile
 * (a broker login's token waiting in the outbox, decision 097). AES-256-GCM: a wrong key or an
 * altered row fails to open instead of yielding a wrong secret.
 */
export function sealSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

export function openSealedSecret(key: Buffer, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) throw new Error('Not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}
