import { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../api/client';
import { sameOrFresh, settlePrerenderedAnswer, usePrerenderedAnswer } from './prerenderData';

export interface ApiState<T> {
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  /** False while `data` is the answer the page was prerendered with (shown, but not yet confirmed by the API). */
  fresh: boolean;
}

/** GET a path (again when it or the language changes); null skips the call. */
export function useApi<T>(path: string | null): ApiState<T> & { reload(): void } {
  const { i18n } = useTranslation();
  const prerendered = usePrerenderedAnswer<T>(path);
  const [state, setState] = useState<ApiState<T>>(() => ({
    data: prerendered,
    error: undefined,
    loading: path !== null,
    fresh: prerendered === undefined,
  }));
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    // The same state when it says so already (the first request): no render for nothing.
    setState((s) => (s.loading && !s.error ? s : { ...s, loading: true, error: undefined }));
    // The answer's render is a transition: React splits it into short tasks instead of one long one.
    api.get<T>(path, controller.signal).then(
      (data) => {
        settlePrerenderedAnswer(path, data);
        startTransition(() =>
          setState((s) => ({ data: sameOrFresh(s.data, data), error: undefined, loading: false, fresh: true })),
        );
      },
      (error: unknown) => {
        if ((error as Error)?.name === 'AbortError') return;
        startTransition(() =>
          setState({
            data: undefined,
            error: error instanceof ApiError ? error : new ApiError(String(error), 0, 'error'),
            loading: false,
            fresh: true,
          }),
        );
      },
    );
    return () => controller.abort();
  }, [path, i18n.resolvedLanguage, tick]);
  return { ...state, reload: () => setTick((n) => n + 1) };
}
