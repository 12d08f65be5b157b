import { Box, Card, type SxProps, type Theme } from '@mui/material';
import { lazy, Suspense, useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { ListBase, Pagination, Title, useListContext, type ListControllerProps, type RaRecord } from 'react-admin';
import { LoadFailed } from './LoadFailed';

// The toolbar (filter form, filter button, export, create) is the heaviest part of a list and not
// needed to read it: it loads once the first rows are on screen.
const ListToolbar = lazy(() => import('./ListToolbar'));

export interface ListPageProps<R extends RaRecord = RaRecord> extends ListControllerProps<R> {
  /** The page's title in the top bar; false for a list inside another page, which keeps that page's title. */
  title?: string | false;
  /** The toolbar's buttons; react-admin's defaults (filter button, create, export) when undefined. */
  actions?: ReactElement | false;
  /** Filter inputs: build them from layout/filterInputs so their code loads with the toolbar. */
  filters?: ReactElement[];
  /** Shown instead of the list when nothing exists yet and no filter is set. */
  empty?: ReactElement | false;
  pagination?: ReactElement | false;
  sx?: SxProps<Theme>;
  children: ReactNode;
}

/**
 * A react-admin list page (ListBase with its title, toolbar, content card and pagination) that
 * looks and behaves as react-admin's `List`, with the toolbar in a chunk of its own.
 */
export function ListPage<R extends RaRecord = RaRecord>({
  title,
  actions,
  filters,
  empty,
  pagination,
  sx,
  children,
  ...controller
}: ListPageProps<R>) {
  return (
    <ListBase<R> {...controller}>
      <ListPageView title={title} actions={actions} filters={filters} empty={empty} pagination={pagination} sx={sx}>
        {children}
      </ListPageView>
    </ListBase>
  );
}

function ListPageView({
  title,
  actions,
  filters,
  empty,
  pagination,
  sx,
  children,
}: Omit<ListPageProps, keyof ListControllerProps>) {
  const { defaultTitle, data, error, isPending, filterValues, total, hasNextPage, hasPreviousPage, refetch } =
    useListContext();
  const toolbarWanted = Boolean(filters?.length) || actions !== false;
  const toolbarShown = useShownOnceIdle(toolbarWanted && !isPending);
  const nothingYet =
    !error &&
    !isPending &&
    (total === 0 ||
      (total == null &&
        hasPreviousPage === false &&
        hasNextPage === false &&
        (data as RaRecord[] | undefined)?.length === 0)) &&
    Object.keys(filterValues).length === 0 &&
    empty !== false &&
    empty !== undefined;
  return (
    <Box
      className="list-page"
      sx={[{ display: 'flex', flexDirection: 'column', flex: '1 1 auto' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {title === false ? null : <Title title={title} defaultTitle={defaultTitle} />}
      {nothingYet ? (
        <Box sx={{ flex: 1 }}>{empty}</Box>
      ) : (
        <>
          {toolbarWanted && (
            // The toolbar's height is kept while it loads, so the rows do not jump when it appears.
            <Box sx={{ minHeight: filters?.length ? 64 : 48 }}>
              {toolbarShown && (
                <Suspense fallback={null}>
                  <ListToolbar filters={filters} actions={actions} />
                </Suspense>
              )}
            </Box>
          )}
          {error ? (
            // A failed load is said as one: no empty list, and no page count left from the last load.
            <LoadFailed onRetry={refetch} />
          ) : (
            <>
              <Card
                className="RaList-content"
                sx={{ position: 'relative', overflow: 'inherit', boxShadow: { xs: 'none', sm: undefined } }}
              >
                {children}
              </Card>
              {pagination === false ? null : (pagination ?? <Pagination />)}
            </>
          )}
        </>
      )}
    </Box>
  );
}

/** True from the first idle moment after `when` holds (at most 300 ms later), and from then on. */
function useShownOnceIdle(when: boolean): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!when || shown) return;
    const show = () => setShown(true);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(show, { timeout: 300 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(show, 50);
    return () => window.clearTimeout(id);
  }, [when, shown]);
  return shown;
}
