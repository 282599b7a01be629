import { DEMO_EMAIL } from '@peakwise/contracts/demo-account';
import {
  API_TOKEN_PREFIX,
  MAX_API_TOKENS,
  type ApiToken,
  type ApiTokenScope,
  type CreateApiTokenRequest,
  type CreatedApiToken,
} from '@peakwise/contracts/member-api.contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { hashSecretToken, newSecretToken } from '../../lib/secret-token';
import { isUuid } from '../../lib/uuid';
import { countLiveTokens, insertApiToken, listLiveTokens, lockMember, revokeApiToken, type ApiTokenRow } from './api-tokens.repository';

type Member = { id: string; email: string };
const DAY_MS = 86_400_000;
/** Characters of the token kept for display: the prefix and 6 random ones, far too few to guess the rest. */
const DISPLAY_CHARS = API_TOKEN_PREFIX.length + 6;

// The demo is shared by every visitor: a token made there would let one visitor switch the plugs
// every other visitor is looking at, long after they left.
const demoLocked = () => new AppError(403, 'demo_account_read_only', 'The demo account cannot be changed.');
const notFound = () => new AppError(404, 'not_found', 'No such API token.');
const tooMany = () =>
  new AppError(409, 'too_many_api_tokens', `You already have ${MAX_API_TOKENS} active API tokens. Revoke one you no longer use before creating another.`);

const toItem = (row: ApiTokenRow): ApiToken => ({
  id: row.id,
  label: row.label,
  prefix: row.prefix,
  scopes: row.scopes as ApiTokenScope[],
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt?.toISOString() ?? null,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

export async function listApiTokens(db: Db, member: Member, now: Date): Promise<ApiToken[]> {
  return (await listLiveTokens(db, member.id, now)).map(toItem);
}

/** Issues a token; this answer is the only place the token itself ever appears. */
export async function createApiToken(db: Db, member: Member, request: CreateApiTokenRequest, now: Date): Promise<CreatedApiToken> {
  if (member.email === DEMO_EMAIL) throw demoLocked();
  const token = newSecretToken(API_TOKEN_PREFIX);
  return db.transaction(async (tx) => {
    await lockMember(tx, member.id);
    if ((await countLiveTokens(tx, member.id, now)) >= MAX_API_TOKENS) throw tooMany();
    const row = await insertApiToken(tx, {
      userId: member.id,
      label: request.label,
      tokenHash: hashSecretToken(token),
      prefix: token.slice(0, DISPLAY_CHARS),
      // Stored in a fixed order, so the list reads the same whatever order they were ticked in.
      scopes: [...request.scopes].sort(),
      createdAt: now,
      expiresAt: request.expiresInDays ? new Date(now.getTime() + request.expiresInDays * DAY_MS) : null,
    });
    return { ...toItem(row), token };
  });
}

/** Revoked from the next request on. Someone else's token, a revoked one and a malformed id are the same 404. */
export async function revokeToken(db: Db, member: Member, id: string, now: Date): Promise<void> {
  if (member.email === DEMO_EMAIL) throw demoLocked();
  if (!isUuid(id) || !(await revokeApiToken(db, member.id, id, now))) throw notFound();
}
