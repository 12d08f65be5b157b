import { findUnsafeText, translate } from '@esim/contracts';
import type { Knex } from 'knex';
import { isUniqueViolation } from '@esim/platform';
import { eidProblem, iccidProblem, serialProblem, uuidV7Batch } from '../cards/identifiers';
import { ImportFileError, readRows, type ImportFormat, type RawRow, type TemplateColumn } from './rows';
import { SeenValues } from './seen';

/**
 * Runs one import job: reads the stored file row by row, validates every row (formats, duplicates
 * inside the file and against the stock, unknown package), inserts the good rows in batches while
 * it reads on (BatchWriter) and records each bad row's reason. All of it happens in ONE transaction
 * that also marks the job completed: a worker killed half-way leaves no card behind (PostgreSQL
 * rolls the transaction back when its connection dies), and the next run starts the file again.
 *
 * Two workers never run the same job at once: the run holds a transaction-scoped advisory lock
 * on the job id; a second worker waits for it, then finds the job finished and does nothing.
 * Progress (rows read, heartbeat) is written on another connection so it is visible while the
 * transaction is open. Duplicates against the stock are found by PostgreSQL (ON CONFLICT, then an
 * EXISTS per skipped row), not by looking rows up beforehand.
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
  /** Upper-cased, known to the catalog (the package's id and name travel once per batch). */
  packageCode: string;
}

interface RowError {
  import_id: string;
  row_number: number;
  column: string;
  reason: string;
  value: string | null;
}

export async function processImport(db: Knex, importId: string, options: ProcessOptions): Promise<ProcessOutcome> {
  const batchSize = options.batchSize ?? 5000;
  return db
    .transaction(async (trx) => {
      await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`physical-sim-import:${importId}`]);
      const job = await trx('import_jobs').where({ id: importId }).first('status', 'format', 'runs');
      if (!job || job.status === 'completed' || job.status === 'failed') return 'skipped';
      if (job.runs >= options.maxRuns) {
        await failJob(db, importId, 'import_interrupted', {});
        return 'failed';
      }
      await db('import_jobs')
        .where({ id: importId })
        .update({
          status: 'processing',
          runs: db.raw('runs + 1'),
          started_at: db.fn.now(),
          heartbeat_at: db.fn.now(),
          rows_read: 0,
          rows_imported: 0,
          rows_rejected: 0,
        });
      // The run is one transaction that also marks the job completed: if the server lost the commit's
      // WAL in a crash, the cards AND the "completed" go together and the sweep runs the job again.
      // So the commit need not wait for the disk (a bulk load's WAL is tens of MB).
      await trx.raw('SET LOCAL synchronous_commit = off');

      // The catalog's answer and the file's bytes, fetched side by side.
      const [file, packages] = await Promise.all([
        trx('import_files').where({ import_id: importId }).first('content'),
        options.packages(),
      ]);
      await trx('import_errors').where({ import_id: importId }).delete();

      const seen: Seen = { iccid: new SeenValues(), serial_number: new SeenValues(), eid: new SeenValues() };
      const writer = new BatchWriter(db, trx, importId, packages);
      let read = 0;
      let rejected = 0;
      let batch: GoodRow[] = [];
      let errors: RowError[] = [];
      // The first batch is small, so PostgreSQL starts inserting while most of the file is still unread.
      let limit = Math.min(batchSize, 1000);
      const flush = async () => {
        await writer.write(batch, errors, read);
        batch = [];
        errors = [];
        limit = batchSize;
      };

      try {
        for await (const group of readRows(job.format as ImportFormat, file.content as Buffer)) {
          for (const raw of group) {
            read += 1;
            if (read > options.maxRows) throw new ImportFileError('import_too_many_rows', { max: options.maxRows });
            const problems = validateRow(raw, packages, seen);
            if (problems) {
              rejected += 1;
              for (const p of problems) errors.push({ import_id: importId, row_number: raw.rowNumber, ...p });
            } else {
              batch.push(goodRow(raw));
            }
            if (batch.length >= limit || errors.length >= batchSize) await flush();
          }
        }
        await flush();
        await writer.done();
      } catch (error) {
        await writer.settle();
        if (error instanceof ImportFileError) {
          // Rolls this run back (nothing half-imported), then records why, visibly.
          throw new FailedImport(error.code, error.params);
        }
        throw error;
      }
      if (read === 0) throw new FailedImport('import_empty', {});

      await trx('import_jobs')
        .where({ id: importId })
        .update({
          status: 'completed',
          rows_read: read,
          rows_imported: writer.inserted,
          rows_rejected: rejected + writer.duplicates,
          // now() inside the transaction is its start: the finish is the wall clock.
          finished_at: trx.raw('clock_timestamp()'),
          heartbeat_at: trx.raw('clock_timestamp()'),
          error_code: null,
          error_message: null,
          error_params: null,
        });
      return 'completed' as const;
    })
    .catch(async (error: unknown) => {
      if (error instanceof FailedImport) {
        await failJob(db, importId, error.code, error.params);
        return 'failed' as const;
      }
      throw error;
    });
}

/**
 * Writes batches while the reader goes on: `write` hands a batch over and returns as soon as the
 * previous one is stored, so the file is parsed here while PostgreSQL inserts the batch before
 * (one batch in flight: memory stays bounded, the transaction's connection runs one statement at
 * a time). Progress (rows read, heartbeat) goes out at most once a second on another connection.
 */
class BatchWriter {
  inserted = 0;
  duplicates = 0;
  /** Set at the first unique violation: from then on every batch goes through ON CONFLICT. */
  private clashed = false;
  private inFlight: Promise<void> = Promise.resolve();
  private lastProgress = 0;
  private readonly packageIndex = new Map<string, number>();
  private readonly packageIds: string[] = [];
  private readonly packageCodes: string[] = [];
  private readonly packageNames: string[] = [];

  constructor(
    private readonly db: Knex,
    private readonly trx: Knex.Transaction,
    private readonly importId: string,
    packages: Map<string, { id: string; name: string }>,
  ) {
    for (const [code, pkg] of packages) {
      this.packageIndex.set(code, this.packageIds.length + 1);
      this.packageIds.push(pkg.id);
      this.packageCodes.push(code);
      this.packageNames.push(pkg.name);
    }
  }

  async write(rows: GoodRow[], errors: RowError[], read: number): Promise<void> {
    await this.inFlight;
    if (rows.length === 0 && errors.length === 0) return;
    this.inFlight = this.store(rows, errors, read);
    // Awaited by the next write or by done(); a failure rolls the whole run back there.
    this.inFlight.catch(() => {});
  }

  async done(): Promise<void> {
    await this.inFlight;
  }

  /** Lets a batch in flight finish (or fail) before the transaction is rolled back. */
  async settle(): Promise<void> {
    await this.inFlight.catch(() => {});
  }

  private async store(rows: GoodRow[], errors: RowError[], read: number): Promise<void> {
    if (rows.length) await this.insertCards(rows);
    if (errors.length)
      await this.trx('import_errors').insert(errors).onConflict(['import_id', 'row_number', 'column']).ignore();
    if (Date.now() - this.lastProgress >= 1000) {
      this.lastProgress = Date.now();
      await this.db('import_jobs')
        .where({ id: this.importId })
        .update({ rows_read: read, heartbeat_at: this.db.fn.now() });
    }
  }

  /**
   * One statement per batch. Validated identifiers are digits only, so each column travels as one
   * comma-joined string (no per-value array escaping on either side). A batch is first inserted
   * plainly under a savepoint: PostgreSQL's ON CONFLICT (speculative insertion into four unique
   * indexes) costs about a third more per row, and a new stock file usually clashes with nothing.
   * When it does clash (a unique violation: the card is in stock, or another import committed it a
   * moment ago), the batch is rolled back to the savepoint and inserted again with ON CONFLICT DO
   * NOTHING, as every later batch of the run then is. Only when rows were skipped, a second
   * statement records them as duplicate_in_stock naming the clashing column, all in SQL. An
   * imported card's origin is its `import_id` and `created_at` (no history row: the history
   * records changes after that).
   */
  private async insertCards(rows: GoodRow[]): Promise<void> {
    // Ids made here, rising (uuidV7Batch): cheaper than PostgreSQL's strong random per row, and
    // appended at the indexes' right edge.
    const ids = uuidV7Batch(rows.length).join(',');
    const iccids = rows.map((r) => r.iccid).join(',');
    const serials = rows.map((r) => r.serial).join(',');
    const eids = rows.map((r) => r.eid ?? '').join(',');
    const insert = (onConflict: string) =>
      this.trx.raw(
        `WITH ins AS (
           INSERT INTO cards (id, iccid, serial_number, eid, package_id, package_code, package_name, import_id)
           SELECT t.id, t.i, t.s, t.e, p.id, p.code, p.name, ?::uuid
             FROM unnest(string_to_array(?, ',')::uuid[], string_to_array(?, ','), string_to_array(?, ','), string_to_array(?, ',', ''), string_to_array(?, ',')::int[]) AS t(id, i, s, e, k)
             JOIN unnest(?::uuid[], ?::text[], ?::text[]) WITH ORDINALITY AS p(id, code, name, k) USING (k)
           ${onConflict}
           RETURNING 1)
         SELECT count(*)::int AS inserted FROM ins`,
        [
          this.importId,
          ids,
          iccids,
          serials,
          eids,
          rows.map((r) => this.packageIndex.get(r.packageCode)!).join(','),
          this.packageIds,
          this.packageCodes,
          this.packageNames,
        ],
      );
    let plain: { rows: Array<{ inserted: number }> } | undefined;
    if (!this.clashed) {
      await this.trx.raw('SAVEPOINT import_batch');
      try {
        plain = await insert('');
        await this.trx.raw('RELEASE SAVEPOINT import_batch');
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        await this.trx.raw('ROLLBACK TO SAVEPOINT import_batch');
        this.clashed = true;
      }
    }
    const result = plain ?? (await insert('ON CONFLICT DO NOTHING'));
    const inserted = (result.rows as Array<{ inserted: number }>)[0]!.inserted;
    this.inserted += inserted;
    if (inserted === rows.length) return;
    // A fresh statement (fresh snapshot): it also sees cards another import committed meanwhile.
    const skipped = await this.trx.raw(
      `INSERT INTO import_errors (import_id, row_number, "column", reason, value)
       SELECT ?::uuid, t.r, d.col, 'duplicate_in_stock', d.val
         FROM unnest(string_to_array(?, ',')::int[], string_to_array(?, ','), string_to_array(?, ','), string_to_array(?, ',', '')) AS t(r, i, s, e)
         CROSS JOIN LATERAL (SELECT CASE
             WHEN EXISTS (SELECT 1 FROM cards c WHERE c.iccid = t.i) THEN 'iccid'
             WHEN EXISTS (SELECT 1 FROM cards c WHERE c.serial_number = t.s) THEN 'serial_number'
             WHEN t.e IS NOT NULL AND EXISTS (SELECT 1 FROM cards c WHERE c.eid = t.e) THEN 'eid'
             ELSE 'iccid' END AS col) AS k
         CROSS JOIN LATERAL (SELECT k.col, CASE k.col WHEN 'serial_number' THEN t.s WHEN 'eid' THEN t.e ELSE t.i END AS val) AS d
        WHERE NOT EXISTS (SELECT 1 FROM cards c WHERE c.iccid = t.i AND c.import_id = ?::uuid)
       ON CONFLICT DO NOTHING`,
      [this.importId, rows.map((r) => r.rowNumber).join(','), iccids, serials, eids, this.importId],
    );
    if ((skipped.rowCount ?? 0) !== rows.length - inserted)
      throw new Error(`import ${this.importId}: ${rows.length - inserted} rows skipped, ${skipped.rowCount} recorded`);
    this.duplicates += rows.length - inserted;
  }
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
export async function failJob(
  db: Knex,
  importId: string,
  code: string,
  params: Record<string, string | number>,
): Promise<void> {
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

type Seen = Record<'iccid' | 'serial_number' | 'eid', SeenValues>;

/** A row's problems, or null when it is good (then it is remembered for the in-file duplicate checks). */
function validateRow(
  raw: RawRow,
  packages: Map<string, { id: string; name: string }>,
  seen: Seen,
): Array<{ column: string; reason: string; value: string | null }> | null {
  if (isGoodRow(raw, packages, seen)) return null;
  const problems = rowProblems(raw, packages, seen);
  return problems.length ? problems : null;
}

/**
 * The fast path for the usual good row: every check of rowProblems passes (digits-only values and
 * a known package code cannot be unsafe text), so its answer is the same, without building lists.
 */
function isGoodRow(raw: RawRow, packages: Map<string, { id: string; name: string }>, seen: Seen): boolean {
  const v = raw.values;
  if (
    raw.unreadable.length ||
    iccidProblem(v.iccid) ||
    serialProblem(v.serial_number) ||
    (v.eid !== '' && eidProblem(v.eid))
  )
    return false;
  if (!packages.has(v.package_code.toUpperCase())) return false;
  if (seen.iccid.has(v.iccid) || seen.serial_number.has(v.serial_number) || (v.eid !== '' && seen.eid.has(v.eid)))
    return false;
  seen.iccid.add(v.iccid, raw.rowNumber);
  seen.serial_number.add(v.serial_number, raw.rowNumber);
  if (v.eid) seen.eid.add(v.eid, raw.rowNumber);
  return true;
}

function rowProblems(
  raw: RawRow,
  packages: Map<string, { id: string; name: string }>,
  seen: Seen,
): Array<{ column: string; reason: string; value: string | null }> {
  const problems: Array<{ column: TemplateColumn; reason: string; value: string | null }> = [];
  const v = raw.values;
  for (const column of raw.unreadable)
    problems.push({
      column,
      reason: column === 'iccid' ? 'iccid_format' : column === 'eid' ? 'eid_format' : 'serial_format',
      value: v[column],
    });
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
  else if (!packages.has(code))
    problems.push({ column: 'package_code', reason: 'package_code_unknown', value: v.package_code });

  // Duplicates inside the file: the first occurrence wins, later ones name it.
  for (const column of ['iccid', 'serial_number', 'eid'] as const) {
    const value = v[column];
    if (value === '' || problems.some((p) => p.column === column)) continue;
    const first = seen[column].get(value);
    if (first !== undefined) problems.push({ column, reason: `duplicate_in_file:${first}`, value });
  }
  if (problems.length === 0) {
    seen.iccid.add(v.iccid, raw.rowNumber);
    seen.serial_number.add(v.serial_number, raw.rowNumber);
    if (v.eid) seen.eid.add(v.eid, raw.rowNumber);
  }
  return problems;
}

function goodRow(raw: RawRow): GoodRow {
  const v = raw.values;
  return {
    rowNumber: raw.rowNumber,
    iccid: v.iccid,
    serial: v.serial_number,
    eid: v.eid || null,
    packageCode: v.package_code.toUpperCase(),
  };
}
