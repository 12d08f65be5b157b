import { useMediaQuery, type Theme } from '@mui/material';
import type { ReactElement } from 'react';

/** True on a phone-sized screen (below MUI's `sm`, 600 px). */
export const useIsPhone = () => useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));

/**
 * react-admin demo's pattern for lists on a phone: the record as one SimpleList row (title, details
 * under it, the figure on the right) instead of a wide table that would scroll sideways.
 */
export function PhoneOr({ phone, children }: { phone: ReactElement; children: ReactElement }) {
  return useIsPhone() ? phone : children;
}
