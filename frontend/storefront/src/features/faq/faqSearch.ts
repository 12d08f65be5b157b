import { foldForSearch } from '../../lib/format';

export interface FaqCategory {
  title: string;
  items: Array<{ q: string; a: string }>;
}

/** The FAQ search matches question or answer, case-insensitive and Turkish-aware, so a visitor finds an answer by any word of it. */
export function filterFaq(categories: FaqCategory[], search: string): FaqCategory[] {
  const needle = foldForSearch(search);
  if (!needle) return categories;
  return categories
    .map((c) => ({
      ...c,
      items: c.items.filter((item) => foldForSearch(item.q).includes(needle) || foldForSearch(item.a).includes(needle)),
    }))
    .filter((c) => c.items.length > 0);
}
