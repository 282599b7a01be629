import { z } from '@hono/zod-openapi';
import { PRIVACY_EXPORT_MESSAGES, privacyExportSchema } from '@peakwise/contracts/privacy-export.contract';
import type { Db } from '../../db/client';
import { createRouter, errorResponse as error, signedInRoute } from '../../lib/create-router';
import { errorBody } from '../../lib/errors';
import type { Auth } from '../auth/auth';
import { requireAuth } from '../auth/require-auth.middleware';
import { exportContact, findExport, listExports, readChunk } from './privacy-exports.repository';
import { exportView, requestExport } from './privacy-exports.service';

const json = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } });
const LIST_LIMIT = 10;
const exportParams = z.object({ id: z.uuid() });

/** "Download everything Peakwise holds about me" (decision 052). */
export function createPrivacyExportsRoutes(deps: { auth: Auth; db: Db; clock: () => Date }) {
  const member = requireAuth(deps.auth);
  const list = signedInRoute({
    method: 'get',
    path: '/api/privacy-exports',
    tags: ['account'],
    summary: 'The member’s recent data exports, newest first, with their status and download link while ready',
    middleware: [member] as const,
    responses: { 200: json('Exports', z.array(privacyExportSchema)) },
  });
  const create = signedInRoute({
    method: 'post',
    path: '/api/privacy-exports',
    tags: ['account'],
    summary: 'Ask for an archive of everything Peakwise holds about the member; built in the background, emailed when ready',
    middleware: [member] as const,
    responses: {
      200: json('One is already being prepared: that one', privacyExportSchema),
      201: json('Asked for: pending', privacyExportSchema),
    },
  });
  const download = signedInRoute({
    method: 'get',
    path: '/api/privacy-exports/{id}/download',
    tags: ['account'],
    summary: 'The zip archive, to its own member only, until it expires',
    middleware: [member] as const,
    request: { params: exportParams },
    responses: {
      200: { description: 'The archive', content: { 'application/zip': { schema: z.string() } } },
      400: error('Not an export id'),
      404: error('No such export of this member'),
      409: error('Still being prepared'),
      410: error('Expired'),
    },
  });

  return createRouter()
    .openapi(list, async (c) => {
      const now = deps.clock();
      return c.json((await listExports(deps.db, c.var.user.id, LIST_LIMIT)).map((row) => exportView(row, now)), 200);
    })
    .openapi(create, async (c) => {
      const now = deps.clock();
      const userId = c.var.user.id;
      const language = (await exportContact(deps.db, userId))?.language ?? 'en';
      const result = await deps.db.transaction((tx) => requestExport(tx, userId, language, now));
      return result.created ? c.json(exportView(result.export, now), 201) : c.json(exportView(result.export, now), 200);
    })
    .openapi(download, async (c) => {
      const row = await findExport(deps.db, c.req.valid('param').id);
      // Another member's export answers as if it did not exist.
      if (!row || row.userId !== c.var.user.id) return c.json(errorBody('not_found', PRIVACY_EXPORT_MESSAGES.notFound), 404);
      const view = exportView(row, deps.clock());
      if (view.status === 'expired') return c.json(errorBody('gone', PRIVACY_EXPORT_MESSAGES.expired), 410);
      if (view.status !== 'ready') return c.json(errorBody('not_ready', PRIVACY_EXPORT_MESSAGES.notReady), 409);
      // One chunk in memory at a time, however large the archive.
      let seq = 0;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const chunk = await readChunk(deps.db, row.id, seq++);
          if (chunk) controller.enqueue(new Uint8Array(chunk));
          else controller.close();
        },
      });
      const filename = `peakwise-data-${(row.readyAt ?? row.requestedAt).slice(0, 10)}.zip`;
      return c.body(body, 200, {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="${filename}"`,
        ...(row.byteSize !== null ? { 'Content-Length': String(row.byteSize) } : {}),
      });
    });
}
