// Export reads: GET /export/{collection} pages with a keyset cursor, the large collections as one
// streamed CSV file (GET /export/{collection}/csv), their counts, and
// POST /export/runs, which records an export on the console-action trail. Registered inside the
// admin-guarded /api scope.
//
// Why a POST per run rather than recording on the first page: page reads are GETs, safe to repeat
// (a retried first page must not count as a second export), and a backup reads four collections as
// one export. The console announces the run once, before its first page.
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EXPORT_PAGE_DEFAULT, type ExportCollection } from '../../../contract/exports';
import type { ExportCountResponse, ExportRunResponse } from '../../../contract/schemas/exports';
import { actorOf, recordConsoleAction } from '../audit/consoleActions';
import { onEndpoint } from '../http/contractRoutes';
import type { Db } from '../db/types';
import { streamCsvExport } from '../exports/csvExport';
import { countExportRows, CursorError, readExportPage } from '../exports/exportReads';
import { badRequest } from '../http/errors';

function range(collection: ExportCollection, query: { from?: string; to?: string }) {
  if ((query.from !== undefined || query.to !== undefined) && collection !== 'audit-logs') {
    throw badRequest('from and to apply to audit-logs only', query.from !== undefined ? 'from' : 'to');
  }
  const from = query.from === undefined ? undefined : new Date(query.from);
  const to = query.to === undefined ? undefined : new Date(query.to);
  if (from && to && from >= to) throw badRequest('from must be before to', 'from');
  return { from, to };
}

export const exportRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  onEndpoint(app, 'GET /api/export/:collection', async (request, reply) => {
    const { collection } = request.params;
    const { after, limit = EXPORT_PAGE_DEFAULT } = request.query;
    try {
      const page = await readExportPage(db, collection, { after, limit, ...range(collection, request.query) });
      // Pages are point-in-time reads of changing data: never cached.
      reply.header('cache-control', 'no-store');
      if ('json' in page) return reply.type('application/json; charset=utf-8').send(page.json);
      return page;
    } catch (error) {
      if (error instanceof CursorError) throw badRequest(error.message, 'after');
      throw error;
    }
  });

  onEndpoint(app, 'GET /api/export/:collection/csv', async (request, reply) => {
    const chunks = streamCsvExport(db, request.params.collection);
    // The header and the first range are read before answering, so a database that cannot be read answers
    // with its status and reason instead of a 200 that breaks off. A failure later cuts the transfer short,
    // which the browser reports as a failed read (chunked encoding never ends cleanly): no file is saved.
    const head: Buffer[] = [];
    for (let i = 0; i < 2; i += 1) {
      const chunk = await chunks.next();
      if (chunk.done) break;
      head.push(chunk.value);
    }
    const body = Readable.from(
      (async function* () {
        yield* head;
        yield* chunks;
      })(),
    );
    // The contract's answer is the CSV text (CSV_FILE); it leaves as a stream of that text, which the type cannot say.
    return reply
      .header('cache-control', 'no-store')
      .type('text/csv; charset=utf-8')
      .send(body as unknown as string);
  });

  onEndpoint(app, 'GET /api/export/:collection/count', async (request): Promise<ExportCountResponse> => ({
    total: await countExportRows(db, request.params.collection, range(request.params.collection, request.query)),
  }));

  onEndpoint(app, 'POST /api/export/runs', async (request, reply): Promise<ExportRunResponse> => {
    const { kind, format, from, to } = request.body;
    if ((from !== undefined || to !== undefined) && kind !== 'audit-logs') throw badRequest('from and to apply to audit-logs only', 'from');
    if (kind === 'backup' && format !== 'json') throw badRequest('a backup is JSON', 'format');
    const runId = await db.transaction(async (tx) => {
      await recordConsoleAction(tx, actorOf(request), {
        action: 'export.run',
        targetType: 'export',
        targetId: kind,
        details: { kind, format, ...(from ? { from } : {}), ...(to ? { to } : {}) },
      });
      const { rows } = await tx.query<{ id: number }>(`SELECT currval(pg_get_serial_sequence('console_actions', 'id'))::int AS id`);
      return rows[0]!.id;
    });
    reply.code(201);
    return { runId };
  });
};
