import { z } from 'zod';
import {
  applyUsageFile,
  containsPattern,
  describeAudit,
  listQuery,
  ok,
  okList,
  readUploadedTable,
  sortColumn,
  toListQuery,
  usageFileAnswer,
  usageFileHeader,
  type CreatedServiceApp,
} from '@esim/platform';
import { statusFilter, responds, respondsList } from '@esim/contracts';
import { importReportSchema, poolProfileSchema, stockRowSchema } from '../schemas';
import { importProfiles, poolFileHeader } from '../pool/import';
import { setThreshold, stockByPackage } from '../pool/stock';
import { applyUsage } from '../profiles/usage';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const thresholdParams = z.object({
  packageCode: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9._-]+$/, { message: 'esim_ref_invalid' }),
});
const thresholdBody = z.object({ threshold: z.number().int().min(0).max(1_000_000) });
const profilesQuery = listQuery({
  package_code: z.string().trim().max(100),
  pool_status: statusFilter(['available', 'assigned']),
});
const uploadQuery = z.object({ file_name: z.string().trim().max(200).optional() });
const MB = 1024 * 1024;
/** Uploads: the route table's 10 MB body, and what an xlsx of it may unpack to (zip bombs refused). */
const UPLOAD_LIMITS = { maxFileBytes: 10 * MB, maxUnpackedBytes: 100 * MB };

/** Admin: the profile pool (import, stock with thresholds, profiles) and usage files. */
export function adminRoutes(app: CreatedServiceApp): void {
  // Uploads arrive as the raw file: text/csv, or an xlsx workbook; what they are is judged by their bytes.
  app.addContentTypeParser(
    ['text/csv', 'text/plain', XLSX, 'application/octet-stream'],
    { parseAs: 'buffer' },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/admin/esim/pool/import',
    { schema: { tags: ['admin'], querystring: uploadQuery, response: responds(201, importReportSchema) } },
    async (request, reply) => {
      const rows = await readUploadedTable(request.body, UPLOAD_LIMITS, poolFileHeader);
      const report = await importProfiles(app.db, rows, {
        fileName: request.query.file_name ?? null,
        createdBy: request.user!.id,
        locale: request.locale,
      });
      describeAudit(request, { targetId: report.batch_id ?? undefined, targetName: String(report.imported) });
      return ok(reply, report, 'esim_pool_imported', 201);
    },
  );

  app.get(
    '/admin/esim/pool/stock',
    { schema: { tags: ['admin'], response: respondsList(stockRowSchema) } },
    async (request, reply) => {
      // The package code is the row's id: react-admin lists need one, and the threshold route takes it.
      const rows = (await stockByPackage(app.db)).map((row) => ({ id: row.package_code, ...row }));
      return okList(reply, rows, rows.length, { page: 1, limit: Math.max(rows.length, 1), offset: 0 }, 'stock');
    },
  );

  app.put(
    '/admin/esim/pool/thresholds/:packageCode',
    {
      schema: {
        tags: ['admin'],
        params: thresholdParams,
        body: thresholdBody,
        response: responds(200, thresholdBody.extend({ package_code: z.string() })),
      },
    },
    async (request, reply) => {
      const code = request.params.packageCode.toUpperCase();
      await setThreshold(app.db, code, request.body.threshold);
      describeAudit(request, { targetId: code, targetName: code, detail: String(request.body.threshold) });
      return ok(reply, { package_code: code, threshold: request.body.threshold }, 'esim_pool_threshold_saved');
    },
  );

  app.get(
    '/admin/esim/pool/profiles',
    { schema: { tags: ['admin'], querystring: profilesQuery, response: respondsList(poolProfileSchema) } },
    async (request, reply) => {
      const query = toListQuery(request.query);
      const base = app.db('profiles');
      const packageCode = query.filters.package_code;
      const poolStatus = query.filters.pool_status;
      if (packageCode) base.where('package_code', packageCode.toUpperCase());
      if (poolStatus) base.where('pool_status', poolStatus);
      if (query.ids)
        base.whereIn(
          'id',
          query.ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id)),
        );
      if (query.search) {
        // An ICCID prefix only from the digits searched: without any, `like '%'` would match every profile.
        const digits = query.search.replace(/[^0-9]/g, '');
        base.where((q) => {
          if (digits) q.where('iccid', 'like', `${digits}%`);
          q.orWhereILike('operator', containsPattern(query.search!));
        });
      }
      const [{ total }] = (await base.clone().count({ total: '*' })) as [{ total: string }];
      const sort = sortColumn(
        query,
        { iccid: 'iccid', created_at: 'created_at', package_code: 'package_code' },
        { column: 'created_at', order: 'DESC' },
      );
      const rows = await base
        .clone()
        .orderBy(sort.column, sort.order)
        .orderBy('iccid')
        .limit(query.limit)
        .offset(query.offset);
      return okList(
        reply,
        (rows as Array<Record<string, string> & { pool_status: 'available' | 'assigned'; created_at: Date }>).map(
          (p) => ({
            id: p.id,
            iccid: p.iccid,
            package_code: p.package_code,
            operator: p.operator,
            smdp_address: p.smdp_address,
            pool_status: p.pool_status,
            status: p.status,
            order_id: p.order_id,
            user_id: p.user_id,
            created_at: new Date(p.created_at).toISOString(),
          }),
        ),
        Number(total),
        query,
        'profiles',
      );
    },
  );

  // A usage file from the operator: iccid, used_bytes (or used_mb), recorded_at. Cumulative figures; a repeated file changes nothing.
  app.post(
    '/admin/esim/usage-upload',
    { schema: { tags: ['admin'], querystring: uploadQuery, response: responds(200, usageFileAnswer) } },
    async (request, reply) => {
      const rows = await readUploadedTable(request.body, UPLOAD_LIMITS, usageFileHeader);
      const answer = await applyUsageFile(
        app.db,
        rows,
        (trx, reading) => applyUsage(trx, { ...reading, source: 'file' }, request.log),
        {
          iccidInvalid: 'esim_iccid_invalid',
          unknownIccid: 'esim_not_found',
          locale: request.locale,
        },
      );
      return ok(reply, answer, 'esim_usage_recorded');
    },
  );
}
