import { createReadStream } from 'node:fs';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';

/**
 * The baseline: exceljs's bare streaming read of the same file (every row's values touched,
 * nothing validated or stored), in a process of its own so its peak RSS is its own.
 */
const file = process.argv[2]!;
const started = performance.now();
let rows = 0;
const reader = new ExcelJS.stream.xlsx.WorkbookReader(createReadStream(file), {
  entries: 'emit',
  sharedStrings: 'cache',
  hyperlinks: 'ignore',
  styles: 'ignore',
  worksheets: 'emit',
});
for await (const sheet of reader) {
  for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
    if ((row.values as unknown[]).length > 0) rows += 1;
  }
}
const seconds = (performance.now() - started) / 1000;
process.stdout.write(`${JSON.stringify({ rows, seconds, maxRssMb: process.resourceUsage().maxRSS / 1024 })}\n`);
