import type { PlusPackage as PlusPackageView } from '@esim/contracts';
import type { ListQuery } from '@esim/platform';

/** The sort fields GET /user/physical-sim/packages accepts; anything else keeps the catalog's order. */
const SORTS = ['name', 'code', 'validity_days', 'data_mb', 'price', 'available'] as const satisfies ReadonlyArray<
  keyof PlusPackageView
>;

const folded = (text: string) => text.toLocaleLowerCase('tr').normalize('NFD').replace(/\p{M}/gu, '');

/**
 * One page of the Plus packages. The prices come from the catalog service (a handful of packages:
 * it answers them all), so search, sort and paging happen here, on the server, before the answer:
 * the back office asks for a page like any other list and reads Content-Range.
 */
export function plusPackagePage(
  all: PlusPackageView[],
  query: Pick<ListQuery, 'search' | 'sort' | 'ids' | 'offset' | 'limit'>,
): { rows: PlusPackageView[]; total: number } {
  let rows = all;
  if (query.ids) {
    const wanted = new Set(query.ids);
    rows = rows.filter((p) => wanted.has(p.id));
  }
  if (query.search) {
    const needle = folded(query.search);
    rows = rows.filter((p) => [p.name, p.code, ...p.countries].some((text) => folded(text).includes(needle)));
  }
  const sort = query.sort;
  if (sort && (SORTS as readonly string[]).includes(sort.field)) {
    const field = sort.field as (typeof SORTS)[number];
    const direction = sort.order === 'DESC' ? -1 : 1;
    rows = [...rows].sort((a, b) => {
      const x = a[field];
      const y = b[field];
      if (x === y) return a.code.localeCompare(b.code);
      if (x === null) return 1;
      if (y === null) return -1;
      return (
        (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), 'tr')) * direction
      );
    });
  }
  return { rows: rows.slice(query.offset, query.offset + query.limit), total: rows.length };
}
