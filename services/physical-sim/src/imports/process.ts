import { findUnsafeText, translate } from '@esim/contracts';
import type { Knex } from 'knex';
import { eidProblem, iccidProblem, serialProblem } from '../cards/identifiers';
import { ImportFileError, readRows, type RawRow, type TemplateColumn } from './rows';
import type { ImportFormat } from './files';

/**
 * Runs one import job: reads the stored file row by row, validates every row (formats, duplicates
 * inside the file and against the stock, unknown package), inserts the good rows in batches and
 * records each bad row's reason. All of it happens in ONE transaction that also marks the job
 * completed: a worker killed half-way leaves no card behind (PostgreSQL rolls the transaction back
 * when its connection dies), and the next run starts the file again from the top.
 *
 * Two workers never run the same job at once: the run holds a transaction-scoped advisory lock
 * on the job id; a second worker waits for it, then finds the job finished and does nothing.
 * Progress (rows read, heartbeat) is written on another connection so it is visible while the
 * transaction is open.
 */
export interface ProcessOptions {
  maxRows: number;
  maxRuns: number;
  batchSize?: number;
  /** code → id and name of the Plus packages (from the catalog). */
  packages: () => Promise<Map<string, { id: string; name: string }>>;
}

export type ProcessOutcome = 'completed' | 'failed' | 'skipped';

interface GoodRow {
  rowNumber: number;
  iccid: string;
  serial: string;
  eid: string | null;
  packageId: string;
  packageCode: string;
  packageName: string;
}

interface RowError {
  import_id: string;
  row_number: number;
  column: string;
  reason: string;
  value: string | null;
}

export async function processImport(db: Knex, importId: string, options: ProcessOptions): Promise<ProcessOutcome> {
  const batchSize = options.batchSize ?? 2000;
  return db.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`physical-sim-import:${importId}`]);
    const job = await trx('import_jobs').where({ id: importId }).first('status', 'format', 'created_by', 'runs');
    if (!job || job.status === 'completed' || job.status === 'failed') return 'skipped';
    if (job.runs >= options.maxRuns) {
      await failJob(db, importId, 'import_interrupted', {});
      return 'failed';
    }
    await db('import_jobs')
      .where({ id: importId })
      .update({ status: 'processing', runs: db.raw('runs + 1'), started_at: db.fn.now(), heartbeat_at: db.fn.now(), rows_read: 0, rows_imported: 0, rows_rejected: 0 });

    const file = await trx('import_files').where({ import_id: importId }).first('content');
    const packages = await options.packages();
    await trx('import_errors').where({ import_id: importId }).delete();

    const seen = { iccid: new Map<string, number>(), serial_number: new Map<string, number>(), eid: new Map<string, number>() };
    let read = 0;
    let imported = 0;
    let rejected = 0;
    let batch: GoodRow[] = [];
    let errors: RowError[] = [];

    const flush = async () => {
      if (batch.length) {
        const result = await insertBatch(trx, importId, job.created_by as string, batch);
        imported += result.inserted;
        for (const row of result.duplicates) {
          rejected += 1;
          errors.push({ import_id: importId, row_number: row.rowNumber, column: row.column, reason: 'duplicate_in_stock', value: row.value });
        }
        batch = [];
      }
      if (errors.length) {
        await trx('import_errors').insert(errors).onConflict(['import_id', 'row_number', 'column']).ignore();
        errors = [];
      }
      await db('import_jobs').where({ id: importId }).update({ rows_read: read, heartbeat_at: db.fn.now() });
    };

    try {
      for await (const raw of readRows(job.format as ImportFormat, file.content as Buffer)) {
        read += 1;
        if (read > options.maxRows) throw new ImportFileError('import_too_many_rows', { max: options.maxRows });
        const problems = validateRow(raw, packages, seen);
        if (problems.length) {
          rejected += 1;
          errors.push(...problems.map((p) => ({ import_id: importId, row_number: raw.rowNumber, ...p })));
        } else {
          batch.push(goodRow(raw, packages));
        }
        if (batch.length >= batchSize || errors.length >= batchSize) await flush();
      }
    } catch (error) {
      if (error instanceof ImportFileError) {
        // Rolls this run back (nothing half-imported), then records why, visibly.
        throw new FailedImport(error.code, error.params);
      }
      throw error;
    }
    await flush();
    if (read === 0) throw new FailedImport('import_empty', {});

    await trx('import_jobs').where({ id: importId }).update({
      status: 'completed',
      rows_read: read,
      rows_imported: imported,
      rows_rejected: rejected,
      finished_at: trx.fn.now(),
      heartbeat_at: trx.fn.now(),
      error_code: null,
      error_message: null,
      error_params: null,
    });
    return 'completed' as const;
  }).catch(async (error: unknown) => {
    if (error instanceof FailedImport) {
      await failJob(db, importId, error.code, error.params);
      return 'failed' as const;
    }
    throw error;
  });
}

class FailedImport extends Error {
  constructor(
    readonly code: string,
    readonly params: Record<string, string | number>,
  ) {
    super(code);
  }
}

/** Marks a job failed with its reason (in Turkish, the admin screens' language; the code is stable for clients). */
export async function failJob(db: Knex, importId: string, code: string, params: Record<string, string | number>): Promise<void> {
  await db('import_jobs')
    .where({ id: importId })
    .whereIn('status', ['queued', 'processing'])
    .update({
      status: 'failed',
      error_code: code,
      error_message: translate(code as never, 'tr', params),
      error_params: JSON.stringify(params),
      rows_imported: 0,
      finished_at: db.fn.now(),
      heartbeat_at: db.fn.now(),
    });
}

function validateRow(
  raw: RawRow,
  packages: Map<string, { id: string; name: string }>,
  seen: Record<'iccid' | 'serial_number' | 'eid', Map<string, number>>,
): Array<{ column: string; reason: string; value: string | null }> {
  const problems: Array<{ column: TemplateColumn; reason: string; value: string | null }> = [];
  const v = raw.values;
  for (const column of raw.unreadable) problems.push({ column, reason: column === 'iccid' ? 'iccid_format' : column === 'eid' ? 'eid_format' : 'serial_format', value: v[column] });
  for (const column of ['iccid', 'serial_number', 'eid', 'package_code'] as const) {
    if (raw.unreadable.includes(column)) continue;
    if (findUnsafeText(v[column])) problems.push({ column, reason: 'unsafe_text', value: null });
  }
  if (problems.length) return problems;

  const iccid = iccidProblem(v.iccid);
  if (iccid) problems.push({ column: 'iccid', reason: iccid, value: v.iccid });
  const serial = serialProblem(v.serial_number);
  if (serial) problems.push({ column: 'serial_number', reason: serial, value: v.serial_number });
  if (v.eid !== '') {
    const eid = eidProblem(v.eid);
    if (eid) problems.push({ column: 'eid', reason: eid, value: v.eid });
  }
  const code = v.package_code.toUpperCase();
  if (code === '') problems.push({ column: 'package_code', reason: 'package_code_required', value: null });
  else if (!packages.has(code)) problems.push({ column: 'package_code', reason: 'package_code_unknown', value: v.package_code });

  // Duplicates inside the file: the first occurrence wins, later ones name it.
  for (const column of ['iccid', 'serial_number', 'eid'] as const) {
    const value = v[column];
    if (value === '' || problems.some((p) => p.column === column)) continue;
    const first = seen[column].get(value);
    if (first !== undefined) problems.push({ column, reason: `duplicate_in_file:${first}`, value });
  }
  if (problems.length === 0) {
    seen.iccid.set(v.iccid, raw.rowNumber);
    seen.serial_number.set(v.serial_number, raw.rowNumber);
    if (v.eid) seen.eid.set(v.eid, raw.rowNumber);
  }
  return problems;
}

function goodRow(raw: RawRow, packages: Map<string, { id: string; name: string }>): GoodRow {
  const code = raw.values.package_code.toUpperCase();
  const pkg = packages.get(code)!;
  return { rowNumber: raw.rowNumber, iccid: raw.values.iccid, serial: raw.values.serial_number, eid: raw.values.eid || null, packageId: pkg.id, packageCode: code, packageName: pkg.name };
}

/**
 * Inserts a batch in one statement; rows whose ICCID, serial or EID already exist in stock (or were
 * committed a moment ago by another import) are skipped by ON CONFLICT and come back as
 * duplicates naming the clashing column, looked up for those rows only. An imported card's origin
 * is its `import_id` and `created_at` (no history row: the history records changes after that).
 */
async function insertBatch(trx: Knex.Transaction, importId: string, _actor: string, rows: GoodRow[]) {
  const inserted = await trx.raw(
    `INSERT INTO cards (iccid, serial_number, eid, package_id, package_code, package_name, import_id)
     SELECT i, s, e, p, c, n, ?::uuid FROM unnest(?::text[], ?::text[], ?::text[], ?::uuid[], ?::text[], ?::text[]) AS t(i, s, e, p, c, n)
     ON CONFLICT DO NOTHING
     RETURNING iccid`,
    [importId, rows.map((r) => r.iccid), rows.map((r) => r.serial), rows.map((r) => r.eid) as unknown as string[], rows.map((r) => r.packageId), rows.map((r) => r.packageCode), rows.map((r) => r.packageName)],
  );
  const done = new Set((inserted.rows as Array<{ iccid: string }>).map((r) => r.iccid));
  const skipped = rows.filter((r) => !done.has(r.iccid));
  const duplicates: Array<{ rowNumber: number; column: string; value: string }> = [];
  if (skipped.length) {
    const existing = await trx.raw(
      `SELECT iccid, serial_number, eid FROM cards WHERE iccid = ANY(?::text[]) OR serial_number = ANY(?::text[]) OR eid = ANY(?::text[])`,
      [skipped.map((r) => r.iccid), skipped.map((r) => r.serial), skipped.filter((r) => r.eid).map((r) => r.eid!)],
    );
    const taken = { iccid: new Set<string>(), serial: new Set<string>(), eid: new Set<string>() };
    for (const row of existing.rows as Array<{ iccid: string; serial_number: string; eid: string | null }>) {
      taken.iccid.add(row.iccid);
      taken.serial.add(row.serial_number);
      if (row.eid) taken.eid.add(row.eid);
    }
    for (const row of skipped) {
      if (taken.serial.has(row.serial) && !taken.iccid.has(row.iccid)) duplicates.push({ rowNumber: row.rowNumber, column: 'serial_number', value: row.serial });
      else if (row.eid && taken.eid.has(row.eid) && !taken.iccid.has(row.iccid)) duplicates.push({ rowNumber: row.rowNumber, column: 'eid', value: row.eid });
      else duplicates.push({ rowNumber: row.rowNumber, column: 'iccid', value: row.iccid });
    }
  }
  return { inserted: done.size, duplicates };
}
