import type { CsvColumn } from '../../layout/csvExporter';
import { adminCardStatusText } from './cardStatus';
import { ownerText } from './owner';

/** A card of the stock: serial, ICCID (kept as text by the CSV writer), package, status and who holds it. */
export const stockExportColumns: CsvColumn[] = [
  { label: 'app.physical_sim.serial', value: (r) => r.serial_number },
  { label: 'app.orders.iccid', value: (r) => r.iccid },
  { label: 'app.physical_sim.package', value: (r) => r.package_code },
  { label: 'app.psim_stock.status', value: (r, csv) => adminCardStatusText(r.status, csv.translate) },
  { label: 'app.psim_stock.owner', value: (r, csv) => ownerText(r, csv.translate) },
  { label: 'app.psim_stock.created_at', value: (r, csv) => csv.dateTime(r.created_at) },
];
