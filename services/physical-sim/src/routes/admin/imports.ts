import {
  fileResponse,
  fileSchema,
  responds,
  importErrorSchema,
  importJobDetailSchema,
  importJobSchema,
  listSchema,
  successSchema,
} from '@esim/contracts';
import { z } from 'zod';
import {
  AppError,
  applyUsageFile,
  describeAudit,
  detectTableFile,
  ok,
  okList,
  readUploadedTable,
  toListQuery,
  usageFileAnswer,
  usageFileHeader,
  type CreatedServiceApp,
} from '@esim/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PhysicalSimContext } from '../../context';
import {
  createImportJob,
  errorReport,
  errorReportCsv,
  findImportJob,
  importView,
  listImportJobs,
} from '../../imports/jobs';
import { boundaryOf, multipartFiles } from '../../imports/multipart';
import { enqueueImport } from '../../imports/queue';
import { templateWorkbook, type ImportFormat } from '../../imports/rows';
import { applyCardUsage } from '../../cards/usage';
import { idParams, importsQuery, jsonImportBody } from '../../schemas';

/**
 * Imports: the upload routes store the file (checked by content, size and unpacked size) and
 * queue a job; the worker process does the rest. The admin follows progress and downloads the
 * error report (row, column, reason).
 */
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** A usage file: the route table's 10 MB body. */
const USAGE_FILE_MAX_BYTES = 10 * 1024 * 1024;
const errorReportAnswer = {
  description: 'The error report: JSON, or CSV with ?format=csv',
  content: {
    'application/json': { schema: successSchema(z.array(importErrorSchema)) },
    'text/csv': { schema: fileSchema },
  },
};

export function importRoutes(app: CreatedServiceApp, ctx: PhysicalSimContext): void {
  const limits = {
    maxFileBytes: ctx.config.IMPORT_MAX_FILE_BYTES,
    maxUnpackedBytes: ctx.config.IMPORT_MAX_UNPACKED_BYTES,
  };

  // Uploads arrive as raw bytes; each route decides what they are by content.
  app.addContentTypeParser(
    ['multipart/form-data', 'text/csv', XLSX, 'application/octet-stream'],
    { parseAs: 'buffer' },
    (_request, body, done) => done(null, body),
  );

  const queueJob = async (
    request: FastifyRequest,
    reply: FastifyReply,
    format: ImportFormat,
    fileName: string | null,
    content: Buffer,
  ) => {
    const job = await app.db.transaction((trx) =>
      createImportJob(trx, { format, fileName, content, createdBy: request.user!.id }),
    );
    // A failed enqueue (Redis down) leaves the job queued in the database: the workers' sweep picks it up.
    await enqueueImport(ctx.queue, job.id).catch((error: unknown) =>
      request.log.warn({ err: error, importId: job.id }, 'import not queued yet; the sweep will'),
    );
    describeAudit(request, { targetId: job.id, targetName: job.file_name });
    return ok(reply, importView(job, request.locale), 'import_queued', 202);
  };

  // The file limit plus room for the multipart envelope (the gateway applies the route table's limit too).
  const bodyLimit = ctx.config.IMPORT_MAX_FILE_BYTES + 1024 * 1024;

  app.post(
    '/admin/physical-sim/import-excel',
    { bodyLimit, schema: { response: { 202: successSchema(importJobSchema) }, tags: ['admin'] } },
    async (request, reply) => {
      const boundary = boundaryOf(request.headers['content-type']);
      if (!boundary || !Buffer.isBuffer(request.body))
        throw new AppError(400, 'import_file_required', {
          errors: [{ path: 'file', message: 'import_file_required' }],
        });
      const file = multipartFiles(request.body, boundary).find((f) => f.fieldName === 'file');
      if (!file)
        throw new AppError(400, 'import_file_required', {
          errors: [{ path: 'file', message: 'import_file_required' }],
        });
      const format = await detectTableFile(file.content, limits);
      return queueJob(request, reply, format, file.fileName?.slice(0, 200) ?? null, file.content);
    },
  );

  // The operator's usage file (iccid, used_bytes or used_mb, recorded_at): CSV or xlsx, sent as the raw file or as
  // multipart field `file`. Applied like the signed webhook's reports; the same file twice changes nothing.
  app.post(
    '/admin/physical-sim/usage-upload',
    { schema: { response: responds(200, usageFileAnswer), tags: ['admin'] } },
    async (request, reply) => {
      const boundary = boundaryOf(request.headers['content-type']);
      const content =
        boundary && Buffer.isBuffer(request.body)
          ? multipartFiles(request.body, boundary).find((f) => f.fieldName === 'file')?.content
          : request.body;
      const rows = await readUploadedTable(
        content,
        { maxFileBytes: USAGE_FILE_MAX_BYTES, maxUnpackedBytes: ctx.config.IMPORT_MAX_UNPACKED_BYTES },
        usageFileHeader,
      );
      const answer = await applyUsageFile(app.db, rows, applyCardUsage, {
        iccidInvalid: 'iccid_format',
        unknownIccid: 'card_not_found',
        locale: request.locale,
      });
      return ok(reply, answer, 'physical_sim_usage_recorded');
    },
  );

  // CSV text (text/csv) or JSON { cards: [...] }.
  app.post(
    '/admin/physical-sim/import',
    { bodyLimit, schema: { response: { 202: successSchema(importJobSchema) }, tags: ['admin'] } },
    async (request, reply) => {
      if (Buffer.isBuffer(request.body)) {
        const format = await detectTableFile(request.body, limits);
        if (format !== 'csv') throw new AppError(400, 'import_body_invalid');
        return queueJob(request, reply, 'csv', null, request.body);
      }
      const parsed = jsonImportBody.safeParse(request.body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new AppError(400, 'import_body_invalid', {
          errors: [{ path: issue.path.join('.') || 'cards', message: 'import_body_invalid' }],
        });
      }
      if (parsed.data.cards.length > ctx.config.IMPORT_MAX_ROWS)
        throw new AppError(400, 'import_too_many_rows', { params: { max: ctx.config.IMPORT_MAX_ROWS } });
      return queueJob(request, reply, 'json', null, Buffer.from(JSON.stringify(parsed.data)));
    },
  );

  app.get(
    '/admin/physical-sim/import/template',
    { schema: { tags: ['admin'], response: { 200: fileResponse(XLSX, 'The import template workbook') } } },
    async (_request, reply) => {
      reply.header('content-type', XLSX);
      reply.header('content-disposition', 'attachment; filename="physical-sim-import-template.xlsx"');
      return reply.send(await templateWorkbook());
    },
  );

  app.get(
    '/admin/physical-sim/imports',
    { schema: { response: { 200: listSchema(importJobSchema) }, tags: ['admin'], querystring: importsQuery } },
    async (request, reply) => {
      const query = toListQuery(request.query);
      const { total, rows } = await listImportJobs(app.db, query);
      return okList(
        reply,
        rows.map((r) => importView(r, request.locale)),
        total,
        query,
        'imports',
      );
    },
  );

  app.get(
    '/admin/physical-sim/imports/:id',
    { schema: { response: { 200: successSchema(importJobDetailSchema) }, tags: ['admin'], params: idParams } },
    async (request, reply) => {
      const job = await findImportJob(app.db, request.params.id);
      const errors = await errorReport(app.db, job.id, request.locale);
      return ok(reply, { ...importView(job, request.locale), errors: errors.slice(0, 100) });
    },
  );

  // The error report: JSON by default, CSV with ?format=csv (a file the admin can open in Excel).
  app.get(
    '/admin/physical-sim/imports/:id/errors',
    { schema: { tags: ['admin'], params: idParams, response: { 200: errorReportAnswer } } },
    async (request, reply) => {
      const job = await findImportJob(app.db, request.params.id);
      const lines = await errorReport(app.db, job.id, request.locale);
      if ((request.query as { format?: string }).format === 'csv') {
        reply.header('content-type', 'text/csv; charset=utf-8');
        reply.header('content-disposition', `attachment; filename="import-${job.id}-errors.csv"`);
        return reply.send(errorReportCsv(lines, request.locale));
      }
      return ok(reply, lines);
    },
  );
}
