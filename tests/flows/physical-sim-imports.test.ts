import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhysicalSimConfig } from '../../services/physical-sim/src/config';
import { bombXlsx, cardNumbers, multipart, xlsxOf, type SheetRow } from '../../infra/src/testing/cards';
import { PLUS_EU, PLUS_TR, physicalSimFlow, waitForImport, type PhysicalSimFlow } from './physical-sim';
import { startSystem, type System } from './system';

/** Imports on the running system through physical-sim's API and the real worker process (package codes from the catalog): counts, the error report, content checks, limits. */
let system: System;
let f: PhysicalSimFlow;
beforeAll(async () => {
  // The default limits: the unpacked-size limit follows from IMPORT_MAX_ROWS.
  system = await startSystem();
  f = await physicalSimFlow(system);
  f.startWorker();
}, 120_000);
afterAll(async () => {
  f?.stopWorkers();
  await system?.stop();
});

const upload = (file: Buffer, name = 'cards.xlsx', token = f.tokens.admin) => {
  const body = multipart('file', name, file);
  return f.app.inject({
    method: 'POST',
    url: '/admin/physical-sim/import-excel',
    headers: f.auth(token, body.headers),
    payload: body.payload,
  });
};

describe('POST /admin/physical-sim/import-excel', () => {
  it('imports the good rows and reports every bad one by row, column and reason; the same file again adds nothing', async () => {
    const good = [1, 2, 3, 4, 5].map((n) => cardNumbers(501, n));
    const existing = cardNumbers(501, 90);
    // One card already in stock, imported first.
    const first = await upload(await xlsxOf([[existing.iccid, existing.serial_number, '', PLUS_TR.code]]));
    expect(first.statusCode, first.body).toBe(202);
    expect((await waitForImport(f, first.json().data.id)).rows_imported).toBe(1);

    const badLuhn = `${good[0]!.iccid.slice(0, -1)}${(Number(good[0]!.iccid.slice(-1)) + 1) % 10}`;
    const rows: SheetRow[] = [
      ...good.map((c): SheetRow => [c.iccid, c.serial_number, c.eid, PLUS_EU.code]), // rows 2-6
      ['899001234', cardNumbers(501, 10).serial_number, '', PLUS_EU.code], // row 7: short ICCID
      [
        cardNumbers(501, 11).iccid.replace(/.$/, (d) => String((Number(d) + 1) % 10)),
        cardNumbers(501, 11).serial_number,
        '',
        PLUS_EU.code,
      ], // row 8: bad Luhn
      [cardNumbers(501, 12).iccid, good[1]!.serial_number, '', PLUS_EU.code], // row 9: serial duplicates row 3
      [cardNumbers(501, 13).iccid, cardNumbers(501, 13).serial_number, '', 'PLUS-MARS-1GB'], // row 10: unknown package
      [existing.iccid, cardNumbers(501, 14).serial_number, '', PLUS_EU.code], // row 11: already in stock
    ];
    expect(badLuhn).not.toBe(good[0]!.iccid);
    const res = await upload(await xlsxOf(rows));
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({
      success: true,
      code: 'import_queued',
      data: { status: 'queued', format: 'xlsx' },
    });
    const job = await waitForImport(f, res.json().data.id);
    expect(job).toMatchObject({
      status: 'completed',
      rows_read: 10,
      rows_imported: 5,
      rows_rejected: 5,
      percent: 100,
      failure_reason: null,
    });

    const report = await f.app.inject({
      url: `/admin/physical-sim/imports/${job.id}/errors`,
      headers: f.auth(f.tokens.admin, { 'accept-language': 'en' }),
    });
    expect(
      report
        .json()
        .data.map((e: { row: number; column: string; reason_code: string }) => [e.row, e.column, e.reason_code]),
    ).toEqual([
      [7, 'iccid', 'iccid_format'],
      [8, 'iccid', 'iccid_luhn'],
      [9, 'serial_number', 'duplicate_in_file'],
      [10, 'package_code', 'package_code_unknown'],
      [11, 'iccid', 'duplicate_in_stock'],
    ]);
    expect(report.json().data[2].reason).toBe('Already appears in the file (row 3)');
    const csv = await f.app.inject({
      url: `/admin/physical-sim/imports/${job.id}/errors?format=csv`,
      headers: f.auth(f.tokens.admin),
    });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    // Turkish Excel's dialect for a Turkish admin: a byte-order mark, ";" between cells, CRLF lines.
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFSatır;Sütun;Hata kodu;Neden;Değer');
    expect(lines).toContain('10;package_code;package_code_unknown;Bilinmeyen Plus paketi kodu;PLUS-MARS-1GB');
    const english = await f.app.inject({
      url: `/admin/physical-sim/imports/${job.id}/errors?format=csv`,
      headers: f.auth(f.tokens.admin, { 'accept-language': 'en' }),
    });
    expect(english.body.split('\r\n')[0]).toBe('\uFEFFRow,Column,Reason code,Reason,Value');

    const cards = await f.app.db('cards').where({ import_id: job.id }).orderBy('serial_number');
    expect(cards.map((c) => c.serial_number)).toEqual(good.map((c) => c.serial_number));
    expect(cards[0]).toMatchObject({
      status: 'in_stock',
      owner_user_id: null,
      package_id: PLUS_EU.id,
      package_code: PLUS_EU.code,
      eid: good[0]!.eid,
    });

    // The same file again: every row is a duplicate of the stock, nothing is added.
    const again = await upload(await xlsxOf(rows));
    const second = await waitForImport(f, again.json().data.id);
    expect(second).toMatchObject({ status: 'completed', rows_read: 10, rows_imported: 0, rows_rejected: 10 });
    expect(
      await f.app.db('cards').whereIn(
        'serial_number',
        good.map((c) => c.serial_number),
      ),
    ).toHaveLength(5);
  });

  it('refuses a renamed executable, a zip that is not a workbook, and an empty upload, by content', async () => {
    const exe = Buffer.concat([
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
      Buffer.alloc(2000, 0),
      Buffer.from('This program cannot be run in DOS mode'),
    ]);
    const res = await upload(exe, 'cards.xlsx');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'import_file_type',
      message: 'Yalnızca xlsx veya csv dosyası yüklenebilir',
    });
    expect(res.json().errors[0].path).toBe('file');
    const noFile = await f.app.inject({
      method: 'POST',
      url: '/admin/physical-sim/import-excel',
      headers: f.auth(f.tokens.admin, multipart('other', 'x.xlsx', Buffer.from('x')).headers),
      payload: multipart('other', 'x.xlsx', Buffer.from('x')).payload,
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().code).toBe('import_file_required');
    expect(await f.app.db('import_jobs').where({ format: 'xlsx' }).whereRaw('file_size < 100')).toHaveLength(0);
  });

  it('refuses an xlsx that unpacks past the limit derived from the row limit, naming the file, without inflating it; a normal file passes', async () => {
    // 200,000 rows × 1 KiB + 1 MiB of other workbook parts.
    expect((f.app.config as PhysicalSimConfig).IMPORT_MAX_UNPACKED_BYTES).toBe(205_848_576);
    const refusedAs = async (file: Buffer) => {
      const res = await upload(file);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'import_file_unpacked_too_large',
        message: 'Dosyanın açılmış boyutu çok büyük (en fazla 196 MB)',
        errors: [{ path: 'file' }],
      });
    };
    // Its directory says 197 MiB: refused on that alone, the 200 kB file never inflated.
    const started = performance.now();
    await refusedAs(bombXlsx({ unpackedMiB: 197 }));
    console.log(`unpacked-size check: a 197 MiB xlsx refused in ${Math.round(performance.now() - started)} ms`);
    // Garbage where the sheet's bytes should be, behind a directory over the limit: still "too large", so nothing was inflated.
    await refusedAs(bombXlsx({ unpackedMiB: 0, declaredMiB: 197, thenGarbage: true }));
    // A directory that lies (1 MiB declared, 4 MiB then garbage): inflation stops once past 1 MiB, before the garbage.
    await refusedAs(bombXlsx({ unpackedMiB: 4, declaredMiB: 1, thenGarbage: true }));
    // The same shape within the limit and honest is a workbook as far as the check goes.
    expect((await upload(bombXlsx({ unpackedMiB: 2 }))).statusCode).toBe(202);
    const normal = await upload(
      await xlsxOf([[cardNumbers(503, 1).iccid, cardNumbers(503, 1).serial_number, '', PLUS_TR.code]]),
    );
    expect(normal.statusCode, normal.body).toBe(202);
    expect(await waitForImport(f, normal.json().data.id)).toMatchObject({ status: 'completed', rows_imported: 1 });
    // The usage upload reads small tables in the request: the same check first.
    const usage = await f.app.inject({
      method: 'POST',
      url: '/admin/physical-sim/usage-upload',
      headers: f.auth(f.tokens.admin, { 'content-type': 'application/octet-stream' }),
      payload: bombXlsx({ unpackedMiB: 197 }),
    });
    expect(usage.statusCode, usage.body).toBe(400);
    expect(usage.json().errors[0].path).toBe('file');
  });

  it('takes CSV text and JSON on POST /import; a CSV named .xlsx is still a CSV', async () => {
    const c = cardNumbers(502, 1);
    const csvRes = await f.app.inject({
      method: 'POST',
      url: '/admin/physical-sim/import',
      headers: f.auth(f.tokens.admin, { 'content-type': 'text/csv' }),
      payload: `iccid,serial_number,eid,package_code\n${c.iccid},${c.serial_number},,${PLUS_TR.code}\n`,
    });
    expect(csvRes.statusCode, csvRes.body).toBe(202);
    expect(await waitForImport(f, csvRes.json().data.id)).toMatchObject({
      status: 'completed',
      rows_imported: 1,
      format: 'csv',
    });

    const d = cardNumbers(502, 2);
    const renamed = await upload(
      Buffer.from(`iccid,serial_number,eid,package_code\n${d.iccid},${d.serial_number},,${PLUS_TR.code}\n`),
      'cards.xlsx',
    );
    expect(renamed.statusCode).toBe(202);
    expect(renamed.json().data.format).toBe('csv');

    const e = cardNumbers(502, 3);
    const json = await f.app.inject({
      method: 'POST',
      url: '/admin/physical-sim/import',
      headers: f.auth(f.tokens.admin),
      payload: { cards: [{ iccid: e.iccid, serial_number: e.serial_number, package_code: PLUS_TR.code }] },
    });
    expect(json.statusCode, json.body).toBe(202);
    expect(await waitForImport(f, json.json().data.id)).toMatchObject({
      status: 'completed',
      rows_imported: 1,
      format: 'json',
    });

    const bad = await f.app.inject({
      method: 'POST',
      url: '/admin/physical-sim/import',
      headers: f.auth(f.tokens.admin),
      payload: { cards: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('import_body_invalid');
  });

  it('fails a file without the template header visibly, with nothing imported', async () => {
    const res = await f.app.inject({
      method: 'POST',
      url: '/admin/physical-sim/import',
      headers: f.auth(f.tokens.admin, { 'content-type': 'text/csv' }),
      payload: 'a,b,c\n1,2,3\n',
    });
    const job = await waitForImport(f, res.json().data.id);
    expect(job).toMatchObject({ status: 'failed', rows_imported: 0, failure_code: 'import_header_invalid' });
    expect(job.failure_reason).toContain('iccid, serial_number, eid, package_code');
  });

  it('lists imports, serves the template, and is for admins only', async () => {
    const list = await f.app.inject({ url: '/admin/physical-sim/imports', headers: f.auth(f.tokens.admin) });
    expect(list.statusCode).toBe(200);
    expect(list.json().meta.total).toBeGreaterThanOrEqual(5);
    const template = await f.app.inject({
      url: '/admin/physical-sim/import/template',
      headers: f.auth(f.tokens.admin),
    });
    expect(template.statusCode).toBe(200);
    expect(template.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await upload(await xlsxOf([]), 'x.xlsx', f.tokens.dealer)).statusCode).toBe(403);
    expect(
      (await f.app.inject({ url: '/admin/physical-sim/imports', headers: f.auth(f.tokens.salesManager) })).statusCode,
    ).toBe(403);
  });
});
