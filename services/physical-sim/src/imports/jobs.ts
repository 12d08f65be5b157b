import { createHash } from 'node:crypto';
import { csvDialectOf, excelCsvText, translate, type Locale } from '@esim/contracts';
import type { Knex } from 'knex';
import { containsPattern, countOf, notFound } from '@esim/platform';
import type { ImportFormat } from './rows';

/** Import jobs as the admin screens see them, and the error report. */
export interface ImportJobRow {
  id: string;
  format: ImportFormat;
  file_name: string | null;
  file_sha256: string;
  file_size: number;
  status: 'queued' | 'processing' | 'completed' | 'failed';
  rows_read: number;
  rows_imported: number;
  rows_rejected: number;
  runs: number;
  error_code: string | null;
  error_message: string | null;
  error_params: Record<string, string | number> | null;
  created_by: string;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

export async function createImportJob(
  trx: Knex.Transaction,
  input: { format: ImportFormat; fileName: string | null; content: Buffer; createdBy: string },
): Promise<ImportJobRow> {
  const [job] = (await trx('import_jobs')
    .insert({
      format: input.format,
      file_name: input.fileName,
      file_sha256: createHash('sha256').update(input.content).digest('hex'),
      file_size: input.content.length,
      created_by: input.createdBy,
    })
    .returning('*')) as ImportJobRow[];
  await trx('import_files').insert({ import_id: job!.id, content: input.content });
  return job!;
}

/** A page of jobs, newest first, by status and file name. */
export async function listImportJobs(
  db: Knex,
  query: { status?: string; search?: string; limit: number; offset: number },
): Promise<{ total: number; rows: ImportJobRow[] }> {
  const base = db('import_jobs');
  if (query.status) void base.where({ status: query.status });
  if (query.search) void base.whereILike('file_name', containsPattern(query.search));
  const total = Number(await countOf(base));
  const rows = (await base
    .orderBy('created_at', 'desc')
    .limit(query.limit)
    .offset(query.offset)
    .select('*')) as ImportJobRow[];
  return { total, rows };
}

export async function findImportJob(db: Knex, id: string): Promise<ImportJobRow> {
  const job = (await db('import_jobs').where({ id }).first()) as ImportJobRow | undefined;
  if (!job) throw notFound('import_not_found');
  return job;
}

/** Percent done: read rows over the rows of the file (unknown until the end for a stream: the last run's count, else 0). */
export function importView(job: ImportJobRow, locale: Locale) {
  const done = job.status === 'completed' || job.status === 'failed';
  return {
    id: job.id,
    format: job.format,
    file_name:
      job.file_name ?? (job.format === 'json' ? 'cards.json' : job.format === 'csv' ? 'cards.csv' : 'cards.xlsx'),
    file_size: job.file_size,
    status: job.status,
    rows_read: job.rows_read,
    rows_imported: job.rows_imported,
    rows_rejected: job.rows_rejected,
    percent: done
      ? 100
      : job.status === 'processing' && job.rows_read > 0
        ? Math.min(99, Math.round((job.rows_read / Math.max(job.rows_read, estimateRows(job))) * 100))
        : 0,
    runs: job.runs,
    failure_code: job.error_code,
    failure_reason: job.error_code ? translate(job.error_code as never, locale, job.error_params ?? {}) : null,
    created_by: job.created_by,
    created_at: new Date(job.created_at).toISOString(),
    started_at: job.started_at ? new Date(job.started_at).toISOString() : null,
    finished_at: job.finished_at ? new Date(job.finished_at).toISOString() : null,
    error_report_url: job.rows_rejected > 0 ? `/admin/physical-sim/imports/${job.id}/errors?format=csv` : null,
  };
}

/** A rough row count from the file size (about 60 bytes a row in csv, 35 in a compressed xlsx), for the progress bar. */
function estimateRows(job: ImportJobRow): number {
  return Math.max(1, Math.round(job.file_size / (job.format === 'xlsx' ? 35 : 60)));
}

export interface ErrorLine {
  row: number;
  column: string;
  reason_code: string;
  reason: string;
  value: string | null;
}

export async function errorReport(db: Knex, importId: string, locale: Locale): Promise<ErrorLine[]> {
  const rows = (await db('import_errors')
    .where({ import_id: importId })
    .orderBy([{ column: 'row_number' }, { column: 'column' }])
    .select('*')) as Array<{
    row_number: number;
    column: string;
    reason: string;
    value: string | null;
  }>;
  return rows.map((r) => {
    const [code, firstRow] = r.reason.split(':');
    return {
      row: r.row_number,
      column: r.column,
      reason_code: code!,
      reason: translate(code as never, locale, firstRow ? { row: firstRow } : {}),
      value: r.value,
    };
  });
}

const REPORT_HEADINGS = [
  'import_report_row',
  'import_report_column',
  'import_report_reason_code',
  'import_report_reason',
  'import_report_value',
] as const;

/** The error report as a CSV the importing admin's Excel opens in columns (their language's separator and headings). */
export function errorReportCsv(lines: ErrorLine[], locale: Locale): string {
  return excelCsvText(
    [
      REPORT_HEADINGS.map((code) => translate(code, locale)),
      ...lines.map((l) => [String(l.row), l.column, l.reason_code, l.reason, l.value ?? '']),
    ],
    csvDialectOf(locale),
  );
}
