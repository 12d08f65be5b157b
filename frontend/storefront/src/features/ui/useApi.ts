import { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../api/client';

export interface ApiState<T> {
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
}

/** GET a path (again when it or the language changes); null skips the call. */
export function useApi<T>(path: string | null): ApiState<T> & { reload(): void } {
  const { i18n } = useTranslation();
  const [state, setState] = useState<ApiState<T>>({ data: undefined, error: undefined, loading: path !== null });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, error: undefined }));
    // The answer's render is a transition: React splits it into short tasks instead of one long one.
    api.get<T>(path, controller.signal).then(
      (data) => startTransition(() => setState({ data, error: undefined, loading: false })),
      (error: unknown) => {
        if ((error as Error)?.name === 'AbortError') return;
        startTransition(() => setState({ data: undefined, error: error instanceof ApiError ? error : new ApiError(String(error), 0, 'error'), loading: false }));
      },
    );
    return () => controller.abort();
  }, [path, i18n.resolvedLanguage, tick]);
  return { ...state, reload: () => setTick((n) => n + 1) };
}
