import { z } from '@hono/zod-openapi';
import { languageSchema } from '@peakwise/contracts/account.contract';
import { BILLING_MESSAGES, billingSummarySchema, statementDetailSchema } from '@peakwise/contracts/billing.contract';
import type { Db } from '../../db/client';
import { createRouter, errorResponse as error, signedInRoute } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireHousehold } from '../households/household.middleware';
import { findProfile } from '../profile/profile.repository';
import { statementAccount } from './statement-account';
import { statementCsv } from './statement.csv';
import { statementPdf } from './statement.pdf';
import { billingSummary, memberStatement } from './statements.service';

const json = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } });

/**
 * `{id}`, `{id}.pdf` or `{id}.csv`: one path parameter, because the router cannot split a
 * parameter from a suffix inside one segment.
 */
const REF = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(\.pdf|\.csv)?$/i;
const statementParams = z.object({ ref: z.string().regex(REF, { error: BILLING_MESSAGES.statementNotFound }) });
const formatQuery = z.object({ lang: languageSchema.optional() });

/** Billing: the member's own household's statements only (an id of another household is "no such statement"). */
export function createBillingRoutes(deps: { auth: Auth; db: Db; clock: () => Date }) {
  const member = requireHousehold(deps);
  const summary = signedInRoute({
    method: 'get',
    path: '/api/billing/summary',
    tags: ['billing'],
    summary: 'Balance, due date, the last statement and the statement history with each status',
    middleware: [member] as const,
    responses: { 200: json('Billing summary', billingSummarySchema) },
  });
  const statement = signedInRoute({
    method: 'get',
    path: '/api/billing/statements/{ref}',
    tags: ['billing'],
    summary: 'One statement: `{id}` as JSON (lines, balance, usage, last year), `{id}.pdf` or `{id}.csv` as a download in the member’s language',
    middleware: [member] as const,
    request: { params: statementParams, query: formatQuery },
    responses: {
      200: {
        description: 'The statement',
        content: { 'application/json': { schema: statementDetailSchema }, 'application/pdf': { schema: z.string() }, 'text/csv': { schema: z.string() } },
      },
      400: error('Malformed statement id'),
      404: error('No such statement in the member’s household'),
    },
  });

  return createRouter()
    .openapi(summary, async (c) => c.json(await billingSummary(deps.db, c.var.household, deps.clock()), 200))
    .openapi(statement, async (c) => {
      const { household, user } = c.var;
      const [, id = '', suffix] = REF.exec(c.req.valid('param').ref) ?? [];
      const detail = await memberStatement(deps.db, household, id.toLowerCase(), deps.clock());
      if (!suffix) return c.json(detail, 200);
      const profile = await findProfile(deps.db, user.id);
      const language = c.req.valid('query').lang ?? languageSchema.catch('en').parse(profile?.language);
      const filename = `peakwise-statement-${detail.periodStart.slice(0, 7)}${suffix.toLowerCase()}`;
      if (suffix.toLowerCase() === '.csv') {
        return c.body(statementCsv(detail, language), 200, {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${filename}"`,
        });
      }
      const pdf = await statementPdf(detail, language, statementAccount(household, profile?.name ?? household.name));
      return c.body(new Uint8Array(pdf), 200, { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${filename}"` });
    });
}
