import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, DataTable, memoryStore, testDataProvider, ResourceContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { EmptyState } from './EmptyState';
import { SearchInput } from './filterInputs';
import { ListPage } from './ListPage';
import { englishMessages } from '../i18n/en';
import { createI18nProvider } from '../providers/i18nProvider';

const ROWS = [
  { id: 1, name: 'Deniz Telekom' },
  { id: 2, name: 'Ada İletişim' },
];

function renderList(options: { rows: typeof ROWS; filter?: Record<string, unknown>; failures?: number }) {
  const calls: unknown[] = [];
  let failures = options.failures ?? 0;
  const dataProvider = testDataProvider({
    getList: async (_resource, params) => {
      calls.push(params.filter);
      if (failures > 0) {
        failures -= 1;
        throw new Error('Service unavailable');
      }
      const rows = params.filter?.q
        ? options.rows.filter((r) => r.name.includes(String(params.filter.q)))
        : options.rows;
      return { data: rows, total: rows.length } as never;
    },
  });
  render(
    <AdminContext
      dataProvider={dataProvider}
      store={memoryStore()}
      i18nProvider={createI18nProvider('tr', englishMessages)}
    >
      <ResourceContextProvider value="dealers">
        <ListPage
          title="Dealers"
          filters={[<SearchInput key="q" source="q" alwaysOn />]}
          filterDefaultValues={options.filter}
          exporter={false}
          empty={<EmptyState title="Nothing yet" hint="Create the first one" />}
        >
          <DataTable bulkActionButtons={false}>
            <DataTable.Col source="name" />
          </DataTable>
        </ListPage>
      </ResourceContextProvider>
    </AdminContext>,
  );
  return calls;
}

describe('ListPage', () => {
  it('shows the rows first and its toolbar (the filter form, in a chunk of its own) right after', async () => {
    renderList({ rows: ROWS });
    expect(await screen.findByText('Deniz Telekom')).toBeInTheDocument();
    expect(screen.getByText('Ada İletişim')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(await screen.findByRole('textbox')).toBeInTheDocument();
  });

  it('shows the empty state when nothing exists and no filter is set', async () => {
    renderList({ rows: [] });
    expect(await screen.findByText('Nothing yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('keeps the list and its filters when a filter finds nothing, so the filter can be changed', async () => {
    const calls = renderList({ rows: ROWS, filter: { q: 'Yok' } });
    await waitFor(() => expect(calls).toContainEqual({ q: 'Yok' }));
    expect(await screen.findByRole('textbox')).toHaveValue('Yok');
    expect(screen.queryByText('Nothing yet')).not.toBeInTheDocument();
  });

  it('says a failed load is one, with no empty state or stale page count, and loads again on "Tekrar dene"', async () => {
    const calls = renderList({ rows: ROWS, failures: 1 });
    expect(await screen.findByRole('alert')).toHaveTextContent('Yüklenemedi.');
    expect(screen.queryByText('Nothing yet')).not.toBeInTheDocument();
    expect(screen.queryByText(/1-2/)).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByText('Deniz Telekom')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.length).toBeGreaterThanOrEqual(2);
  });
});
