import { useEffect } from 'react';
import toast, { useToasterStore, type ToasterProps, type ToastOptions } from 'react-hot-toast';

/** Default 4 s, success 2 s, error 4 s, loading endless (docs/product.md, Constants; react-hot-toast's own defaults). */
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

/** The phone's top bar is 56 px high; a toast sits just below it. */
const PHONE_TOP_BAR_PX = 56;

/**
 * Where toasts show: bottom right on a wide screen; on a phone at the top, under the top bar, where
 * a page has no buttons of its own at hand (bottom right covered the order page's copy buttons and
 * the forms' submit buttons).
 */
export function toastPlacement(phone: boolean): Required<Pick<ToasterProps, 'position' | 'containerStyle'>> {
  return phone
    ? { position: 'top-center', containerStyle: { top: PHONE_TOP_BAR_PX + 8, left: 8, right: 8 } }
    : { position: 'bottom-right', containerStyle: {} };
}
