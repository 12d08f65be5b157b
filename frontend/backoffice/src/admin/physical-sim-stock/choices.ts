import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useLocaleState } from 'react-admin';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';

export interface PlusPackageChoice {
  id: string;
  code: string;
  name_tr: string;
  name_en: string;
}

/** The catalog's Plus packages (the stock's package filter): one page of up to 100 is every one there is. */
export function usePlusPackages() {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const [locale] = useLocaleState();
  const query = useQuery<PlusPackageChoice[]>({
    queryKey: ['admin', 'plus-packages'],
    queryFn: () =>
      dataProvider.read('admin/packages', {
        filter: JSON.stringify({ kind: 'plus' }),
        range: '[0,99]',
        sort: '["code","ASC"]',
      }),
    staleTime: 5 * 60_000,
  });
  const choices = (query.data ?? []).map((p) => ({
    id: p.id,
    name: `${p.code} · ${locale === 'en' ? p.name_en : p.name_tr}`,
  }));
  return { ...query, choices };
}

export interface DealerChoice {
  id: string;
  name: string;
}

/** Dealers matching what the admin typed (the first 20 by company name), for the owner filter and transfers. */
export function useDealerChoices(search: string) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  return useQuery<DealerChoice[]>({
    queryKey: ['admin', 'dealer-choices', search],
    queryFn: async () => {
      const { data } = await dataProvider.getList('admin/dealers', {
        pagination: { page: 1, perPage: 20 },
        sort: { field: 'company_name', order: 'ASC' },
        filter: search ? { q: search } : {},
      });
      return data.map((d) => ({ id: String(d.id), name: d.company_name || d.full_name || d.email }));
    },
    staleTime: 60_000,
  });
}
