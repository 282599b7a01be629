import type { MiddlewareHandler } from 'hono';
import { describe, expect, it } from 'vitest';
import { guardedBy, MEMBER_TOKEN_SCHEME, OPERATOR_ROLE, securityOf, SESSION_SCHEME } from './route-security';

const pass: MiddlewareHandler = (_c, next) => next();
const session = guardedBy(async (_c, next) => next(), { scheme: SESSION_SCHEME });
const operator = guardedBy(async (_c, next) => next(), { role: OPERATOR_ROLE });

describe('a route’s security, read from its guards', () => {
  it('is [] with no guard, the session with requireAuth, and the operator role with requireOperator', () => {
    expect(securityOf(undefined, undefined)).toEqual([]);
    expect(securityOf([pass], undefined)).toEqual([]);
    expect(securityOf(session, undefined)).toEqual([{ session: [] }]);
    expect(securityOf([session, operator], undefined)).toEqual([{ session: ['operator'] }]);
  });

  it('adds declared token scopes as alternatives to the session, and nothing else', () => {
    const scopes = [{ [MEMBER_TOKEN_SCHEME]: ['usage:read'] }];
    expect(securityOf([session], scopes)).toEqual([{ session: [] }, { memberToken: ['usage:read'] }]);
    expect(() => securityOf([pass], [{ session: [] }])).toThrow(/guards/);
    expect(() => securityOf([pass], scopes)).toThrow(/signed-in/);
    expect(() => securityOf([session, operator], scopes)).toThrow(/signed-in/);
    expect(() => securityOf([operator], undefined)).toThrow(/session/);
  });
});
