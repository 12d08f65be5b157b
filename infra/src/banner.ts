import { DEMO_ACCOUNTS, DEMO_LOOKUPS, DEMO_PASSWORD } from '@esim/contracts';

export interface BannerInput {
  mode: 'demo' | 'production';
  /** The gateway's address on this machine, e.g. http://localhost:8080 */
  baseUrl: string;
  mailInboxUrl?: string;
  /** Processes that could not be started (e.g. a service without a server yet). */
  missing?: string[];
}

/** The first line of the banner: tests and scripts wait for it. */
export const BANNER_READY_LINE = 'eSIM shop is up';

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) =>
    r
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('   ')
      .trimEnd(),
  );
}

/** What `npm start` prints once everything answers: where to go, and (demo only) who to sign in as. */
export function renderBanner(input: BannerInput): string {
  const base = input.baseUrl.replace(/\/$/, '');
  const urls: string[][] = [
    ['Storefront', `${base}/`],
    ['Back office', `${base}/dashboard`],
    ['API', `${base}/api`],
    ['API docs', `${base}/api/docs`],
    ['Health', `${base}/api/health`],
  ];
  if (input.mode === 'demo' && input.mailInboxUrl)
    urls.push(['Mail inbox', `${input.mailInboxUrl} (every e-mail the shop sends)`]);

  const lines = ['', `${BANNER_READY_LINE} (${input.mode} mode)`, '', ...table(urls).map((l) => `  ${l}`)];
  if (input.missing?.length) lines.push('', `  Not started (no entry point yet): ${input.missing.join(', ')}`);
  // Demo credentials are printed only where they exist: production never seeds them.
  if (input.mode === 'demo') {
    lines.push('', `Demo accounts (password for all: ${DEMO_PASSWORD})`, '');
    const rows = [
      ['role', 'e-mail', 'name'],
      ...DEMO_ACCOUNTS.map((a) => [a.role, a.email, a.fullName + (a.companyName ? ` (${a.companyName})` : '')]),
    ];
    lines.push(...table(rows).map((l) => `  ${l}`));
    const e = DEMO_LOOKUPS.esimOrderNumbers;
    const p = DEMO_LOOKUPS.physicalSerials;
    lines.push(
      '',
      `Balance check (${base}/balance)`,
      `  QR eSIM order numbers: ${e.active} (active), ${e.nearlyUsed} (nearly used up), ${e.expired} (expired)`,
      `  Physical SIM serials:  ${p.active} (active), ${p.inactive} (not activated)`,
    );
  }
  lines.push('', 'Press Ctrl-C to stop.', '');
  return lines.join('\n');
}
