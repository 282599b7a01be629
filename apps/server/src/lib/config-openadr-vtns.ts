import { z } from 'zod';
import { ConfigError } from './config-error';

/*
 * The VTNs after the first (decision 121): OPENADR_VTNS is a JSON array, one object per VTN, each
 * with the fields the single-VTN variables give the first. An error names the entry (its index and
 * name) and the field, never a value: a secret must not reach a log through a typo around it.
 */

export type OpenAdrVersion = '3.0.1' | '3.1.1';
/** One VTN from the environment; the tables hold one row per VTN url. */
export type OpenAdrConfig = {
  /** The name /ops shows (decision 121): 'default' for OPENADR_VTN_URL's, each OPENADR_VTNS entry's own. */
  name: string;
  vtnUrl: string;
  clientId: string;
  clientSecret: string;
  version: OpenAdrVersion;
  venName: string;
  pollSeconds: number;
  /** This server's base URL as the VTN reaches it; set, the VEN subscribes to notifications (decision 110). */
  callbackUrl: string | undefined;
};

const NAME = /^[a-z0-9][a-z0-9-]{0,31}$/;
/** The first VTN's name, the one configured by OPENADR_VTN_URL and its neighbours. */
export const FIRST_VTN_NAME = 'default';

const url = z.string().refine((value) => {
  try {
    const parsed = new URL(value);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.host !== '';
  } catch {
    return false;
  }
}, 'must be an http:// or https:// URL (the VTN\'s base path)');

const entrySchema = z.strictObject(
  {
    name: z.string({ error: 'must be a string' }).regex(NAME, 'must be 1-32 lower-case letters, digits or dashes'),
    url: z.string({ error: 'must be a string' }).pipe(url),
    clientId: z.string({ error: 'must be a string' }).regex(/^[\x21-\x7e]{1,256}$/, 'must be 1-256 printable characters without spaces'),
    clientSecret: z.string({ error: 'must be a string' }).regex(/^[\x21-\x7e]{1,512}$/, 'must be 1-512 printable characters without spaces'),
    version: z.enum(['3.0.1', '3.1.1'], { error: 'must be 3.0.1 or 3.1.1' }),
    venName: z.string({ error: 'must be a string' }).regex(/^[\x20-\x7e]{1,128}$/, 'must be 1-128 printable characters').optional(),
    pollSeconds: z.number({ error: 'must be a number' }).int('must be a whole number').positive('must be positive').optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `has unknown fields (${issue.keys.join(', ')})` : 'must be an object') },
);

/** Every VTN, the first (when OPENADR_VTN_URL is set) before those of OPENADR_VTNS. */
export function openAdrVtnsConfig(first: OpenAdrConfig | undefined, raw: string | undefined, callbackUrl: string | undefined): OpenAdrConfig[] {
  const all = first ? [first] : [];
  if (raw === undefined) return all;
  let entries: unknown;
  try {
    entries = JSON.parse(raw);
  } catch {
    // JSON.parse's own message quotes the text, secrets and all.
    throw new ConfigError('OPENADR_VTNS', 'must be a JSON array of VTN objects');
  }
  if (!Array.isArray(entries) || entries.length === 0) throw new ConfigError('OPENADR_VTNS', 'must be a JSON array of at least one VTN object');
  entries.forEach((entry, index) => {
    const named = entry && typeof entry === 'object' && typeof (entry as { name?: unknown }).name === 'string' && NAME.test((entry as { name: string }).name) ? ` ("${(entry as { name: string }).name}")` : '';
    const parsed = entrySchema.safeParse(entry);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.length ? `.${issue.path.join('.')}` : '';
      throw new ConfigError(`OPENADR_VTNS[${index}]${named}${field}`, issue?.message ?? 'is invalid');
    }
    const v = parsed.data;
    const vtnUrl = v.url.replace(/\/+$/, '');
    if (v.name === FIRST_VTN_NAME) throw new ConfigError(`OPENADR_VTNS[${index}]${named}.name`, `must not be "${FIRST_VTN_NAME}", the name of the VTN of OPENADR_VTN_URL`);
    if (all.some((other) => other.name === v.name)) throw new ConfigError(`OPENADR_VTNS[${index}]${named}.name`, 'names another VTN already');
    if (all.some((other) => other.vtnUrl === vtnUrl)) throw new ConfigError(`OPENADR_VTNS[${index}]${named}.url`, 'is the URL of another VTN already');
    all.push({ name: v.name, vtnUrl, clientId: v.clientId, clientSecret: v.clientSecret, version: v.version, venName: v.venName ?? 'peakwise', pollSeconds: v.pollSeconds ?? 300, callbackUrl });
  });
  return all;
}
