import { createHash } from 'node:crypto';
import { z } from 'zod';
import { AppError, listQuery, ok, okList, sortColumn, toListQuery, type CreatedServiceApp } from '@esim/platform';
import { statusFilter, translate } from '@esim/contracts';
import { importReportSchema, poolProfileSchema, responds, respondsList, stockRowSchema } from '../api';
import { importProfiles, readRows } from '../pool/import';
import { setThreshold, stockByPackage } from '../pool/stock';
import { applyUsage } from '../profiles/usage';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const thresholdParams = z.object({ packageCode: z.string().trim().min(1).max(100).regex(/^[A-Za-z0-9._-]+$/, { message: 'esim_ref_invalid' }) });
const thresholdBody = z.object({ threshold: z.number().int().min(0).max(1_000_000) });
const profilesQuery = listQuery({
  package_code: z.string().trim().max(100),
  pool_status: statusFilter(['available', 'assigned']),
});
const uploadQuery = z.object({ file_name: z.string().trim().max(200).optional() });
const usageUploadAnswer = z.object({ applied: z.number().int(), replayed: z.number().int(), errors: importReportSchema.shape.errors });

/** Admin: the profile pool (import, stock with thresholds, profiles) and usage files. */
export function adminRoutes(app: CreatedServiceApp): void {
  // Uploads arrive as the raw file: text/csv, or an xlsx workbook.
  app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.addContentTypeParser([XLSX, 'application/octet-stream'], { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const fileOf = (body: unknown, locale: 'tr' | 'en') => {
    if (typeof body === 'string' || Buffer.isBuffer(body)) return body;
    throw new AppError(400, 'esim_pool_file_invalid', { errors: [{ path: 'file', message: translate('esim_pool_file_invalid', locale) }] });
  };

  app.post('/admin/esim/pool/import', { schema: { tags: ['admin'], querystring: uploadQuery, response: responds(201, importReportSchema) } }, async (request, reply) => {
    const rows = await readRows(fileOf(request.body, request.locale), request.headers['content-type'] ?? '', request.locale);
    const report = await importProfiles(app.db, rows, { fileName: request.query.file_name ?? null, createdBy: request.user!.id, locale: request.locale });
    return ok(reply, report, 'esim_pool_imported', 201);
  });

  app.get('/admin/esim/pool/stock', { schema: { tags: ['admin'], response: respondsList(stockRowSchema) } }, async (request, reply) => {
    const rows = await stockByPackage(app.db);
    return okList(reply, rows, rows.length, { page: 1, limit: Math.max(rows.length, 1), offset: 0 }, 'stock');
  });

  app.put('/admin/esim/pool/thresholds/:packageCode', { schema: { tags: ['admin'], params: thresholdParams, body: thresholdBody, response: responds(200, thresholdBody.extend({ package_code: z.string() })) } }, async (request, reply) => {
    const code = request.params.packageCode.toUpperCase();
    await setThreshold(app.db, code, request.body.threshold);
    return ok(reply, { package_code: code, threshold: request.body.threshold }, 'esim_pool_threshold_saved');
  });

  app.get('/admin/esim/pool/profiles', { schema: { tags: ['admin'], querystring: profilesQuery, response: respondsList(poolProfileSchema) } }, async (request, reply) => {
    const query = toListQuery(request.query);
    const base = app.db('profiles');
    const packageCode = query.filters.package_code;
    const poolStatus = query.filters.pool_status;
    if (packageCode) base.where('package_code', packageCode.toUpperCase());
    if (poolStatus) base.where('pool_status', poolStatus);
    if (query.ids) base.whereIn('id', query.ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id)));
    if (query.search) base.where((q) => q.where('iccid', 'like', `${query.search!.replace(/[^0-9]/g, '')}%`).orWhereILike('operator', `%${query.search!.replace(/[\\%_]/g, '')}%`));
    const [{ total }] = (await base.clone().count({ total: '*' })) as [{ total: string }];
    const sort = sortColumn(query, { iccid: 'iccid', created_at: 'created_at', package_code: 'package_code' }, { column: 'created_at', order: 'DESC' });
    const rows = await base.clone().orderBy(sort.column, sort.order).orderBy('iccid').limit(query.limit).offset(query.offset);
    return okList(
      reply,
      (rows as Array<Record<string, string> & { pool_status: 'available' | 'assigned'; created_at: Date }>).map((p) => ({
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
      })),
      Number(total),
      query,
      'profiles',
    );
  });

  // A usage file from the operator: iccid, used_bytes (or used_mb), recorded_at. Cumulative figures; a repeated file changes nothing.
  app.post('/admin/esim/usage-upload', { schema: { tags: ['admin'], querystring: uploadQuery, response: responds(200, usageUploadAnswer) } }, async (request, reply) => {
    const file = fileOf(request.body, request.locale);
    const rows = await readRows(file, request.headers['content-type'] ?? '', request.locale);
    const errors: Array<{ row: number; field: string; message: string }> = [];
    let applied = 0;
    let replayed = 0;
    await app.db.transaction(async (trx) => {
      for (const [index, row] of rows.entries()) {
        const rowNumber = index + 2;
        const iccid = row.iccid ?? '';
        const used = row.used_bytes !== undefined && row.used_bytes !== '' ? Number(row.used_bytes) : Number(row.used_mb) * 1024 * 1024;
        const at = row.recorded_at ? new Date(row.recorded_at) : new Date();
        if (!/^[0-9]{19,20}$/.test(iccid)) errors.push({ row: rowNumber, field: 'iccid', message: translate('esim_iccid_invalid', request.locale) });
        else if (!Number.isFinite(used) || used < 0) errors.push({ row: rowNumber, field: 'used_bytes', message: translate('validation_error', request.locale) });
        else if (Number.isNaN(at.getTime())) errors.push({ row: rowNumber, field: 'recorded_at', message: translate('invalid_date', request.locale) });
        else {
          const eventId = `file:${createHash('sha256').update(`${iccid}|${Math.round(used)}|${at.toISOString()}`).digest('hex')}`;
          const outcome = await applyUsage(trx, { eventId, iccid, usedBytes: Math.round(used), recordedAt: at, source: 'file' });
          if (outcome === 'applied') applied += 1;
          else if (outcome === 'replayed') replayed += 1;
          else if (outcome === 'unknown_iccid') errors.push({ row: rowNumber, field: 'iccid', message: translate('esim_not_found', request.locale) });
        }
      }
    });
    return ok(reply, { applied, replayed, errors }, 'esim_usage_recorded');
  });
}
