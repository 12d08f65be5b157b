import { useEffect } from 'react';
import toast, { useToasterStore, type ToastOptions } from 'react-hot-toast';

/** Spec section 9: default 4 s, success 2 s, error 4 s, loading endless (react-hot-toast's own defaults). */
export const TOAST_OPTIONS: ToastOptions & { success: ToastOptions; error: ToastOptions } = {
  duration: 4000,
  success: { duration: 2000 },
  error: { duration: 4000 },
};
export const TOAST_LIMIT = 20;

/** At most 20 toasts at once: the oldest visible ones are dismissed. */
export function useToastLimit(limit = TOAST_LIMIT): void {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts
      .filter((item) => item.visible)
      .slice(limit)
      .forEach((item) => toast.dismiss(item.id));
  }, [toasts, limit]);
}
