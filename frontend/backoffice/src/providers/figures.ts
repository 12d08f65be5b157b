import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDataProvider, usePermissions, useRefresh } from 'react-admin';
import { useLocation } from 'react-router-dom';
import type { UserBalance, UserDashboard } from '@esim/contracts';
import type { BackOfficeDataProvider } from './dataProvider';

/** Balance and dashboard figures refresh every 30 s and on each route change, so a screen never shows money older than that. */
export const FIGURES_REFRESH_MS = 30_000;
export const FIGURES_KEY = ['figures'] as const;

/** Figures are for customers and admins only: a sales manager (user_type 4) never fetches a balance. */
export function useFiguresEnabled(): boolean {
  const { permissions: role } = usePermissions<string>();
  return role === 'user' || role === 'admin';
}

export function useFigure<T>(path: string) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const enabled = useFiguresEnabled();
  return useQuery<T>({
    queryKey: [...FIGURES_KEY, path],
    queryFn: () => dataProvider.read<T>(path),
    enabled,
    refetchInterval: enabled ? FIGURES_REFRESH_MS : false,
  });
}

/** Mounted once in the layout: a new route makes every figure stale and refetches the ones on screen. */
export function useRefreshFiguresOnRouteChange(): void {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const enabled = useFiguresEnabled();
  useEffect(() => {
    if (enabled) void queryClient.invalidateQueries({ queryKey: FIGURES_KEY });
  }, [pathname, enabled, queryClient]);
}

/** After an admin's decision the list, the menu's badges and the home's figures show it at once, not at the next poll. */
export function useRefreshListAndFigures(): () => void {
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return () => {
    refresh();
    void queryClient.invalidateQueries({ queryKey: FIGURES_KEY });
  };
}

export type { UserBalance };

/** GET /user/dashboard (contracts' shape). */
export type UserDashboardFigures = UserDashboard;
