import type { ImportJob } from '@esim/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeDataProvider, SESSIONS } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const JOB: ImportJob = {
  id: '00000000-0000-4000-8000-0000000000c1',
  file_name: 'kartlar-kasim.xlsx',
  format: 'xlsx',
  file_size: 20480,
  status: 'queued',
  rows_read: 0,
  rows_imported: 0,
  rows_rejected: 0,
  percent: 0,
  failure_reason: null,
  failure_code: null,
  runs: 0,
  error_report_url: null,
  created_by: SESSIONS.admin.user.id,
  created_at: '2026-11-22T09:00:00.000Z',
  started_at: null,
  finished_at: null,
};

/** The import's page with the job in one state; the provider answers getOne with it. */
function showJob(job: ImportJob & { errors?: unknown[] }) {
  const dataProvider = fakeDataProvider({
    getOne: async (resource, params) => {
      dataProvider.calls.push({ method: 'getOne', resource, params });
      return { data: { errors: [], ...job } as never };
    },
  });
  renderApp({ session: SESSIONS.admin, path: `/admin/physical-sim-import/${job.id}/show`, dataProvider });
  return dataProvider;
}
const bar = async () => screen.findByRole('progressbar', { name: 'kartlar-kasim.xlsx ilerlemesi' });

beforeAll(async () => {
  await Promise.all([import('./ImportShow'), import('./ImportList'), import('../../App')]);
}, 60_000);

describe('import progress', () => {
  it('queued: a moving bar and the wait said, no counts yet, no report', async () => {
    showJob(JOB);
    expect((await bar()).getAttribute('aria-valuenow')).toBeNull();
    expect(screen.getByText('Sırada')).toBeInTheDocument();
    expect(screen.getByText('İçe aktarma işleminin başlaması bekleniyor…')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hata raporunu indir (CSV)' })).toBeNull();
  }, 60_000);

  it('running: the bar at the percent the worker wrote, with rows read, imported and rejected', async () => {
    showJob({
      ...JOB,
      status: 'processing',
      percent: 45,
      rows_read: 4500,
      rows_imported: 4490,
      rows_rejected: 10,
      started_at: '2026-11-22T09:00:01.000Z',
    });
    expect((await bar()).getAttribute('aria-valuenow')).toBe('45');
    expect(screen.getByText('Aktarılıyor')).toBeInTheDocument();
    expect(screen.getByTestId('import-percent')).toHaveTextContent('%45 tamamlandı');
    expect(screen.getByText('4.500')).toBeInTheDocument();
    expect(screen.getByText('4.490')).toBeInTheDocument();
    // The report comes once the job has ended.
    expect(screen.queryByRole('button', { name: 'Hata raporunu indir (CSV)' })).toBeNull();
  }, 60_000);

  it('completed: the bar at 100 %, the counts, the rejected rows and the error report download', async () => {
    const dataProvider = showJob({
      ...JOB,
      status: 'completed',
      percent: 100,
      rows_read: 12,
      rows_imported: 10,
      rows_rejected: 2,
      finished_at: '2026-11-22T09:00:09.000Z',
      errors: [
        {
          row: 7,
          column: 'iccid',
          reason_code: 'iccid_luhn',
          reason: 'ICCID kontrol hanesi (Luhn) hatalı',
          value: '8990011234567890124',
        },
        {
          row: 9,
          column: 'package_code',
          reason_code: 'package_code_unknown',
          reason: 'Bilinmeyen Plus paketi kodu',
          value: 'PLUS-MARS',
        },
      ],
    });
    expect((await bar()).getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('İçe aktarma tamamlandı: 10 kart eklendi, 2 satır reddedildi.')).toBeInTheDocument();
    expect(screen.getByText('ICCID kontrol hanesi (Luhn) hatalı')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Hata raporunu indir (CSV)' }));
    await waitFor(() =>
      expect(dataProvider.calls).toContainEqual({
        method: 'blobUrl',
        resource: `admin/physical-sim/imports/${JOB.id}/errors?format=csv`,
      }),
    );
  }, 60_000);

  it("failed: the service's reason as it gives it, and that no card was added", async () => {
    showJob({
      ...JOB,
      status: 'failed',
      failure_code: 'import_header_invalid',
      failure_reason: 'Başlık satırı şu sütunları içermeli: iccid, serial_number, eid, package_code',
      finished_at: '2026-11-22T09:00:02.000Z',
    });
    await bar();
    const alert = screen.getByRole('alert');
    expect(
      within(alert).getByText(
        /İçe aktarma başarısız oldu, hiçbir kart eklenmedi\. Başlık satırı şu sütunları içermeli/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Başarısız')).toBeInTheDocument();
  }, 60_000);

  it('a refused upload shows the reason the service gives; an accepted one opens its progress page', async () => {
    const refused = Object.assign(new Error('Yalnızca xlsx veya csv dosyası yüklenebilir'), {
      status: 400,
      body: { code: 'import_file_type' },
    });
    let answer: 'refuse' | 'accept' = 'refuse';
    const dataProvider = fakeDataProvider({
      getList: async () => ({ data: [], total: 0 }),
      read: async () => [] as never,
      send: async (method, path, body) => {
        dataProvider.calls.push({ method: `send:${method}`, resource: path, params: body });
        if (answer === 'refuse') throw refused;
        return { data: { ...JOB } as never, message: 'İçe aktarma kuyruğa alındı' };
      },
      getOne: async () => ({ data: JOB as never }),
    });
    renderApp({ session: SESSIONS.admin, path: '/admin/physical-sim-import', dataProvider });
    const user = userEvent.setup();
    const input = (await screen.findByTestId('import-file-input')) as HTMLInputElement;
    await user.upload(
      input,
      new File(['MZ'], 'virus.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    );
    await user.click(screen.getByRole('button', { name: 'Yükle ve içe aktar' }));
    expect(await screen.findByText('Yalnızca xlsx veya csv dosyası yüklenebilir')).toBeInTheDocument();
    const sent = dataProvider.calls.find((c) => c.method === 'send:POST')!;
    expect(sent.resource).toBe('admin/physical-sim/import-excel');
    expect((sent.params as FormData).get('file')).toBeInstanceOf(File);
    answer = 'accept';
    await user.click(screen.getByRole('button', { name: 'Yükle ve içe aktar' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/admin/physical-sim-import/${JOB.id}/show`),
    );
  }, 60_000);
});
