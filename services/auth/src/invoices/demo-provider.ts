import type { Knex } from 'knex';
import { formatEuros, sellerLine, type Seller } from '@esim/contracts';
import { startPdf } from '@esim/platform';
import type { InvoiceBuyer, InvoiceLine, InvoiceProvider, IssuedInvoice } from './port';
import { lineTotal, totalsOf, vatIncluded } from './vat';

/** What the demo keeps of a document to print it later, as an integrator keeps its own. */
interface DemoDocument {
  kind: 'invoice' | 'return';
  reference: string;
  /** The invoice a return document answers. */
  invoiceNumber: string | null;
  issuedAt: string;
  buyer: InvoiceBuyer;
  lines: InvoiceLine[];
  /** The shop's legal entity when the document was issued: a later change of identity does not rewrite it. */
  seller?: Seller;
}

interface DemoRow {
  key: string;
  id: string;
  number: string;
  total_cents: string | number;
  vat_cents: string | number;
  document: DemoDocument;
  created_at: Date;
}

const issued = (row: DemoRow): IssuedInvoice => ({
  providerId: row.id,
  number: row.number,
  totalCents: Number(row.total_cents),
  vatCents: Number(row.vat_cents),
});

/**
 * The demo's integrator: numbered documents ("DEM" + year + 9 digits from one sequence), the same
 * document again for a key it has seen, and a PDF that says plainly it is no e-Arşiv invoice. It
 * keeps its documents in auth's schema; nothing leaves the machine.
 */
export function demoInvoiceProvider(db: Knex, currentSeller: () => Promise<Seller>): InvoiceProvider {
  async function issueOnce(key: string, unsigned: Omit<DemoDocument, 'seller'>): Promise<IssuedInvoice> {
    const existing = (await db('demo_invoice_documents').where({ key }).first()) as DemoRow | undefined;
    if (existing) return issued(existing);
    const document: DemoDocument = { ...unsigned, seller: await currentSeller() };
    const totals = totalsOf(document.lines);
    const year = new Date(document.issuedAt).getUTCFullYear();
    const [row] = (await db('demo_invoice_documents')
      .insert({
        key,
        number: db.raw(`'DEM' || ?::text || lpad(nextval('demo_invoice_numbers')::text, 9, '0')`, [String(year)]),
        total_cents: totals.totalCents,
        vat_cents: totals.vatCents,
        document: JSON.stringify(document),
      })
      .onConflict('key')
      .ignore()
      .returning('*')) as DemoRow[];
    // Another copy issued the same key a moment ago: its document is the one.
    return issued(row ?? ((await db('demo_invoice_documents').where({ key }).first()) as DemoRow));
  }

  return {
    name: 'demo',
    issue: (sale) =>
      issueOnce(`sale:${sale.saleId}`, {
        kind: 'invoice',
        reference: sale.saleNumber,
        invoiceNumber: null,
        issuedAt: sale.issuedAt.toISOString(),
        buyer: sale.buyer,
        lines: sale.lines,
      }),
    issueReturn: (ret) =>
      issueOnce(`return:${ret.returnId}`, {
        kind: 'return',
        reference: ret.returnId,
        invoiceNumber: ret.invoice.number,
        issuedAt: ret.issuedAt.toISOString(),
        buyer: ret.buyer,
        lines: ret.lines,
      }),
    async pdf(invoice) {
      const row = (await db('demo_invoice_documents').where({ id: invoice.providerId }).first()) as DemoRow | undefined;
      if (!row) throw new Error(`demo invoice ${invoice.providerId} not found`);
      return demoInvoicePdf(row);
    },
  };
}

const dateOf = (iso: string) =>
  new Intl.DateTimeFormat('tr-TR', { timeZone: 'Europe/Istanbul', dateStyle: 'long', timeStyle: 'short' }).format(
    new Date(iso),
  );

/** The demo document in Turkish with English beside each label: the shop sells to both. */
function demoInvoicePdf(row: DemoRow): Promise<Buffer> {
  const d = row.document;
  const isReturn = d.kind === 'return';
  const title = isReturn ? 'İade Faturası / Return invoice' : 'e-Arşiv Fatura / e-Archive invoice';
  const { doc, width, done, field, table, sum } = startPdf(
    { Title: `${title} ${row.number}`, ...(d.seller ? { Author: d.seller.name } : {}), Subject: row.number },
    { margin: 50 },
  );

  doc.font('bold').fontSize(13).fillColor('#b00020');
  doc.text('DEMO — geçerli bir e-Arşiv faturası değildir', { align: 'center' });
  doc.text('DEMO — not a valid e-Arşiv invoice', { align: 'center' });
  doc.fillColor('black').moveDown(0.8);
  doc.font('bold').fontSize(18).text(title);
  doc.moveDown(0.5);
  field('Fatura no / Number', row.number);
  field('Tarih / Date', dateOf(d.issuedAt));
  field(isReturn ? 'İade / Return' : 'Sipariş no / Order no', d.reference);
  if (d.invoiceNumber) field('İade edilen fatura / Invoice returned', d.invoiceNumber);
  if (d.seller) field('Satıcı / Seller', sellerLine(d.seller, 'tr'));
  const buyer = [d.buyer.name, d.buyer.email, d.buyer.address, d.buyer.city].filter(Boolean).join(', ');
  field('Alıcı / Buyer', buyer);
  field('VKN / TCKN', d.buyer.taxNumber ?? '11111111111');
  if (d.buyer.taxOffice) field('Vergi dairesi / Tax office', d.buyer.taxOffice);
  doc.moveDown(1);

  const lines = table(
    [
      { label: 'Hizmet / Item', width: width - 300, align: 'left' },
      { label: 'Adet / Qty', width: 45, align: 'right' },
      { label: 'Birim / Unit', width: 70, align: 'right' },
      { label: 'KDV / VAT', width: 95, align: 'right' },
      { label: 'Tutar / Amount', width: 90, align: 'right' },
    ],
    { size: 9.5 },
  );
  lines.header();
  lines.rule();
  for (const line of d.lines) {
    const total = lineTotal(line);
    lines.row(
      [
        line.description,
        String(line.quantity),
        formatEuros(line.unitPriceCents),
        `%${line.vatRate} · ${formatEuros(vatIncluded(total, line.vatRate))}`,
        formatEuros(total),
      ],
      'body',
    );
  }
  lines.rule();
  const vat = Number(row.vat_cents);
  const total = Number(row.total_cents);
  sum('KDV hariç / Net', formatEuros(total - vat));
  sum('KDV / VAT', formatEuros(vat));
  sum('Genel toplam (KDV dahil) / Total (VAT included)', formatEuros(total), 'bold');
  doc.end();
  return done;
}
