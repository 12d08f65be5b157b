import { z } from 'zod';

/**
 * One list query for every list endpoint (docs/product.md, Lists). It accepts the shop's own parameters
 * (`search`, `status`, `page`, `limit` / `page_size`, `start_date`, `end_date`) and
 * react-admin simple-rest's (`sort=["field","ASC"]`, `range=[0,24]`, `filter={...}`),
 * and normalises both into one shape.
 */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

/** A real calendar date, YYYY-MM-DD (2026-02-30 refused). */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'invalid_date', abort: true })
  .refine(
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

const sortParam = z
  .string()
  .max(200)
  .transform((value, ctx) => {
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
    // Plain `sort=price` or `sort=-price` (descending) as a script or the storefront would send.
    const plain = /^(-?)([a-zA-Z_][a-zA-Z0-9_.]{0,63})$/.exec(value);
    if (plain) return { field: plain[2]!, order: plain[1] ? ('DESC' as const) : ('ASC' as const) };
    ctx.addIssue({ code: 'custom', message: 'invalid_sort' });
    return z.NEVER;
  });

const rangeParam = z
  .string()
  .max(100)
  .transform((value, ctx) => {
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

/** A boolean as a query parameter (`true`/`false`) or as a JSON value inside `filter`. */
export const queryBoolean = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** A status filter of known values; `all` means no filter. */
export function statusFilter<const V extends readonly [string, ...string[]]>(values: V) {
  return z
    .enum([...values, 'all'] as unknown as [V[number] | 'all', ...Array<V[number] | 'all'>])
    .transform((v) => (v === 'all' ? undefined : (v as V[number])));
}

type FilterShape = Record<string, z.ZodType>;
type Optionalized<F extends FilterShape> = { [K in keyof F]: z.ZodOptional<F[K]> };

function optionalized<F extends FilterShape>(filters: F): Optionalized<F> {
  return Object.fromEntries(
    Object.entries(filters).map(([key, schema]) => [key, schema.optional()]),
  ) as Optionalized<F>;
}

const text = z.string().trim().max(200);
/** `q`/`search` on a list that has nothing to search: declared so that sending either is a 400 naming it. */
const refusedSearch = z.never({ message: 'search_not_supported' });

export interface ListQueryOptions {
  /** The schema of an id in `filter={"id":[...]}` (default: any short string or number). */
  id?: z.ZodType<string>;
  /** false: the list has no text to search, so `q`/`search` are refused rather than ignored. */
  search?: false;
}
/** One id or a list (react-admin's getMany sends `filter={"id":[...]}`), numbers or strings, as strings. */
const defaultId = z.union([z.string().trim().min(1).max(100), z.number().int().nonnegative()]).transform(String);

/**
 * One list query for every list endpoint. It accepts the shop's own parameters (`search`, `page`,
 * `limit` / `page_size`, `start_date`, `end_date`, and the route's own filters such as `status`)
 * and react-admin simple-rest's (`sort=["field","ASC"]`, `range=[0,24]`, `filter={...}`).
 * A route declares its filters once: they are accepted as top-level parameters and inside
 * `filter`, parsed by the same schemas, so a bad value is a 400 naming `filter.<field>` and an
 * unknown key inside `filter` is a 400 too (a typo is never silently ignored). `start_date`/`end_date`
 * and `id` (one or many) are always accepted; `q`/`search` too, unless the route says it has
 * nothing to search (`search: false`): then either is a 400 naming it, never silently ignored.
 */
export function defineListQuery<F extends FilterShape = Record<never, z.ZodType>>(
  filters: F = {} as F,
  options: ListQueryOptions = {},
) {
  const id = options.id ?? defaultId;
  const ids = z
    .union([z.array(id).max(1000), id])
    .transform((value) => (Array.isArray(value) ? value : [value]) as string[]);
  const searchText = options.search === false ? refusedSearch : text;
  const searchShape = options.search === false ? {} : { q: text.optional(), search: text.optional() };
  const filterShape = {
    ...searchShape,
    start_date: isoDate.optional(),
    end_date: isoDate.optional(),
    id: ids.optional(),
    ...optionalized(filters),
  };
  const filterObject = z.looseObject(filterShape).superRefine((value, ctx) => {
    for (const key of Object.keys(value)) {
      if (!Object.hasOwn(filterShape, key)) ctx.addIssue({ code: 'custom', path: [key], message: 'unknown_filter' });
    }
  });
  const filterParam = z
    .string()
    .max(4000)
    .transform((value, ctx) => {
      const parsed = parseJson(value);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
      ctx.addIssue({ code: 'custom', message: 'invalid_filter' });
      return z.NEVER;
    })
    .pipe(filterObject);
  return z
    .object({
      search: searchText.optional(),
      q: searchText.optional(),
      page: z.coerce.number().int().min(1).max(100_000).optional(),
      limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
      page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
      start_date: isoDate.optional(),
      end_date: isoDate.optional(),
      sort: sortParam.optional(),
      order: z.enum(['ASC', 'DESC', 'asc', 'desc']).optional(),
      range: rangeParam.optional(),
      filter: filterParam.optional(),
      ...optionalized(filters),
    })
    .superRefine((parsed, ctx) => {
      const q = parsed as unknown as BaseParsed;
      const start = q.start_date ?? q.filter?.start_date;
      const end = q.end_date ?? q.filter?.end_date;
      if (start && end && start > end)
        ctx.addIssue({
          code: 'custom',
          message: 'date_range_invalid',
          path: q.end_date ? ['end_date'] : ['filter', 'end_date'],
        });
    });
}

/** The list query of a route without filters of its own. */
export const listQuerySchema = defineListQuery();

export type ParsedListQuery<F extends FilterShape = Record<never, z.ZodType>> = z.output<
  ReturnType<typeof defineListQuery<F>>
>;
export type RawListQuery = z.input<typeof listQuerySchema>;

export interface ListQuery<T extends Record<string, unknown> = Record<string, unknown>> {
  page: number;
  limit: number;
  offset: number;
  search?: string;
  /** The route's `status` filter when it declared one (`all` already removed). */
  status?: string;
  startDate?: string;
  endDate?: string;
  sort?: { field: string; order: 'ASC' | 'DESC' };
  /** react-admin getMany: only these ids. */
  ids?: string[];
  /** The route's declared filters, from the top-level parameters or `filter` (top-level wins). */
  filters: Partial<T>;
}

/** Normalises a parsed list query. `range` wins over `page`/`limit`, as react-admin sends both never. */
export function normalizeListQuery<P extends Record<string, unknown>>(parsed: P): ListQuery<Omit<P, BaseKey>> {
  const {
    search,
    q,
    page: rawPage,
    limit: rawLimit,
    page_size,
    start_date,
    end_date,
    sort: rawSort,
    order,
    range,
    filter,
    ...direct
  } = parsed as unknown as BaseParsed;
  const { q: fq, search: fsearch, start_date: fs, end_date: fe, id, ...fromFilter } = (filter ?? {}) as BaseFilter;
  const filters: Record<string, unknown> = { ...fromFilter };
  for (const [key, value] of Object.entries(direct)) if (value !== undefined) filters[key] = value;
  for (const key of Object.keys(filters)) if (filters[key] === undefined) delete filters[key];

  let limit = rawLimit ?? page_size ?? DEFAULT_PAGE_SIZE;
  let page = rawPage ?? 1;
  if (range) {
    const [start, end] = range;
    limit = Math.min(end - start + 1, MAX_PAGE_SIZE);
    page = Math.floor(start / limit) + 1;
  }
  const sort = rawSort
    ? { field: rawSort.field, order: order ? (order.toUpperCase() as 'ASC' | 'DESC') : rawSort.order }
    : undefined;
  const status = typeof filters.status === 'string' ? filters.status : undefined;
  return {
    page,
    limit,
    offset: range ? range[0] : (page - 1) * limit,
    search: search || q || fsearch || fq || undefined,
    status,
    startDate: start_date ?? fs,
    endDate: end_date ?? fe,
    sort,
    ids: id,
    filters: filters as Partial<Omit<P, BaseKey>>,
  };
}

type BaseKey =
  'search' | 'q' | 'page' | 'limit' | 'page_size' | 'start_date' | 'end_date' | 'sort' | 'order' | 'range' | 'filter';
interface BaseParsed {
  search?: string;
  q?: string;
  page?: number;
  limit?: number;
  page_size?: number;
  start_date?: string;
  end_date?: string;
  sort?: { field: string; order: 'ASC' | 'DESC' };
  order?: string;
  range?: readonly [number, number];
  filter?: BaseFilter;
  [key: string]: unknown;
}
interface BaseFilter {
  q?: string;
  search?: string;
  start_date?: string;
  end_date?: string;
  id?: string[];
  [key: string]: unknown;
}
