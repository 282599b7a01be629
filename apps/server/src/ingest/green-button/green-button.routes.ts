import { z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  GREEN_BUTTON_EXPORT_PATH,
  GREEN_BUTTON_FILE_FIELD,
  GREEN_BUTTON_IMPORT_PATH,
  greenButtonExportQuerySchema,
  greenButtonImportResultSchema,
} from '@peakwise/contracts/green-button.contract';
import type { Db } from '../../db/client';
import type { ReadDb } from '../../db/replica-reads';
import { readOwners } from '../../lib/read-your-writes.middleware';
import { createRouter, errorResponse, signedInRoute } from '../../lib/create-router';
import { errorBody } from '../../lib/errors';
import type { Auth } from '../../modules/auth/auth';
import { requireHousehold, type HouseholdEnv } from '../../modules/households/household.middleware';
import { exportGreenButton } from './green-button-export.service';
import { importGreenButton } from './green-button-import.service';

/**
 * Green Button for the member's own household (decision 046, docs/green-button.md): upload a
 * utility's file, download the household's meter. The upload has its own size limit
 * (GREEN_BUTTON_MAX_BYTES), applied after the session check and before the body is read.
 */
export function createGreenButtonRoutes(deps: { auth: Auth; db: Db; reads: ReadDb; clock: () => Date; maxBytes: number }) {
  const household = requireHousehold(deps);
  const mib = Math.round((deps.maxBytes / (1024 * 1024)) * 10) / 10;
  const limit: MiddlewareHandler<HouseholdEnv> = bodyLimit({
    maxSize: deps.maxBytes,
    onError: (c) => c.json(errorBody('payload_too_large', `The file is larger than ${mib} MB. Download a shorter period from your utility and import it in parts.`), 413),
  });

  const importRoute = signedInRoute({
    method: 'post',
    path: GREEN_BUTTON_IMPORT_PATH,
    tags: ['green-button'],
    summary: 'Import a Green Button (ESPI) XML file into the household meter: multipart field "file", or the XML as the body',
    middleware: [household, limit] as const,
    request: {
      // Read by the handler (a file, or the XML itself) and parsed as Green Button: not validated here.
      body: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: { type: 'object', properties: { [GREEN_BUTTON_FILE_FIELD]: { type: 'string', contentMediaType: 'application/xml', description: 'The utility’s Green Button file' } }, required: [GREEN_BUTTON_FILE_FIELD] },
          },
          'application/xml': { schema: { type: 'string', contentMediaType: 'application/xml' } },
          'application/atom+xml': { schema: { type: 'string', contentMediaType: 'application/atom+xml' } },
        },
      },
    },
    responses: {
      200: { description: 'What was stored, already stored, and which readings were refused and why', content: { 'application/json': { schema: greenButtonImportResultSchema } } },
      400: errorResponse('Not a usable Green Button file (malformed XML, foreign unit, no readings); nothing was written'),
      413: errorResponse('The file is over the size limit; nothing was written'),
    },
  });
  const exportRoute = signedInRoute({
    method: 'get',
    path: GREEN_BUTTON_EXPORT_PATH,
    tags: ['green-button'],
    summary: 'Download the household meter over local dates from…to (both included, at most 400 days) as Green Button XML, hourly',
    middleware: [household] as const,
    request: { query: greenButtonExportQuerySchema },
    responses: {
      200: { description: 'Green Button Atom XML', content: { 'application/atom+xml': { schema: z.string() } } },
      400: errorResponse('Invalid date range'),
    },
  });

  return createRouter()
    .openapi(importRoute, async (c) => {
      let xml: string;
      if ((c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
        let file: unknown;
        try {
          file = (await c.req.parseBody())[GREEN_BUTTON_FILE_FIELD];
        } catch {
          return c.json(errorBody('missing_file', 'The upload could not be read. Choose the file again.'), 400);
        }
        if (!(file instanceof File)) return c.json(errorBody('missing_file', `Attach the Green Button file as the "${GREEN_BUTTON_FILE_FIELD}" field.`), 400);
        xml = await file.text();
      } else {
        xml = await c.req.text();
      }
      if (xml.trim() === '') return c.json(errorBody('missing_file', 'The file is empty.'), 400);
      const outcome = await importGreenButton(deps.db, c.var.household.id, xml, deps.clock());
      if (!outcome.ok) return c.json(errorBody(outcome.error, outcome.message), 400);
      return c.json(outcome.result, 200);
    })
    .openapi(exportRoute, async (c) => {
      const range = c.req.valid('query');
      const xml = await deps.reads.read(readOwners(c.var), (db) => exportGreenButton(db, c.var.household, range, deps.clock()));
      return c.body(xml, 200, {
        'Content-Type': 'application/atom+xml; charset=utf-8',
        'Content-Disposition': `attachment; filename="peakwise-green-button-${range.from}-${range.to}.xml"`,
      });
    });
}
