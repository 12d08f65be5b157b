import { z } from 'zod';

/**
 * One list query for every list endpoint. It accepts the spec's parameters
 * (`search`, `status`, `page`, `limit` / `page_size`, `start_date`, `end_date`) and
 * react-admin simple-rest's (`sort=["field","ASC"]`, `range=[0,24]`, `filter={...}`),
 * and normalises both into one shape.
 */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'invalid_date' }).refine(
  (value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  },
  { message: 'invalid_date' },
);

function parseJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

const sortParam = z.string().max(200).transform((value, ctx) => {
  const parsed = parseJson(value);
  if (
    Array.isArray(parsed) &&
    parsed.length === 2 &&
    typeof parsed[0] === 'string' &&
    /^[a-zA-Z_][a-zA-Z0-9_.]{0,63}$/.test(parsed[0]) &&
    typeof parsed[1] === 'string' &&
    ['ASC', 'DESC'].includes(parsed[1].toUpperCase())
  ) {
    return { field: parsed[0], order: parsed[1].toUpperCase() as 'ASC' | 'DESC' };
  }
  // Plain `sort=price` or `sort=-price` (descending) as a spec-style client would send.
  const plain = /^(-?)([a-zA-Z_][a-zA-Z0-9_.]{0,63})$/.exec(value);
  if (plain) return { field: plain[2]!, order: plain[1] ? ('DESC' as const) : ('ASC' as const) };
  ctx.addIssue({ code: 'custom', message: 'invalid_sort' });
  return z.NEVER;
});

const rangeParam = z.string().max(100).transform((value, ctx) => {
  const parsed = parseJson(value);
  if (
    Array.isArray(parsed) &&
    parsed.length === 2 &&
    parsed.every((n) => Number.isInteger(n) && n >= 0) &&
    (parsed[1] as number) >= (parsed[0] as number)
  ) {
    return [parsed[0] as number, parsed[1] as number] as const;
  }
  ctx.addIssue({ code: 'custom', message: 'invalid_range' });
  return z.NEVER;
});

const filterParam = z.string().max(4000).transform((value, ctx) => {
  const parsed = parseJson(value);
  if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  ctx.addIssue({ code: 'custom', message: 'invalid_filter' });
  return z.NEVER;
});

export const listQuerySchema = z
  .object({
    search: z.string().trim().max(200).optional(),
    q: z.string().trim().max(200).optional(),
    status: z.string().trim().max(50).optional(),
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
    page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
    start_date: isoDate.optional(),
    end_date: isoDate.optional(),
    sort: sortParam.optional(),
    order: z.enum(['ASC', 'DESC', 'asc', 'desc']).optional(),
    range: rangeParam.optional(),
    filter: filterParam.optional(),
  })
  .refine((q) => !q.start_date || !q.end_date || q.start_date <= q.end_date, {
    message: 'date_range_invalid',
    path: ['end_date'],
  });

export type RawListQuery = z.input<typeof listQuerySchema>;

export interface ListQuery {
  page: number;
  limit: number;
  offset: number;
  search?: string;
  status?: string;
  startDate?: string;
  endDate?: string;
  sort?: { field: string; order: 'ASC' | 'DESC' };
  /** Remaining simple-rest filter keys (after `q`, `search`, `status`, dates were lifted out). */
  filter: Record<string, unknown>;
}

/** Normalises a parsed list query. `range` wins over `page`/`limit`, as react-admin sends both never. */
export function normalizeListQuery(parsed: z.output<typeof listQuerySchema>): ListQuery {
  const { q: filterQ, search: filterSearch, status: filterStatus, start_date: fs, end_date: fe, ...rest } =
    (parsed.filter ?? {}) as Record<string, unknown>;
  const asString = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

  let limit = parsed.limit ?? parsed.page_size ?? DEFAULT_PAGE_SIZE;
  let page = parsed.page ?? 1;
  if (parsed.range) {
    const [start, end] = parsed.range;
    limit = Math.min(end - start + 1, MAX_PAGE_SIZE);
    page = Math.floor(start / limit) + 1;
  }
  const sort = parsed.sort
    ? { field: parsed.sort.field, order: parsed.order ? (parsed.order.toUpperCase() as 'ASC' | 'DESC') : parsed.sort.order }
    : undefined;
  const status = parsed.status ?? asString(filterStatus);
  return {
    page,
    limit,
    offset: parsed.range ? parsed.range[0] : (page - 1) * limit,
    search: parsed.search || parsed.q || asString(filterSearch) || asString(filterQ) || undefined,
    // `status=all` means no filter (spec section 3, dealer list).
    status: status && status !== 'all' ? status : undefined,
    startDate: parsed.start_date ?? asString(fs),
    endDate: parsed.end_date ?? asString(fe),
    sort,
    filter: rest,
  };
}
