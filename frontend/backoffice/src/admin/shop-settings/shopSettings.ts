import type { BalanceSettings, ReturnSettings, ShopIdentity } from '@esim/contracts';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';

/** Each service owns its settings: the balance service the bank account and deposit limits, physical-sim the returns. */
export const BALANCE_SETTINGS_KEY = ['admin/balance/settings'] as const;
export const RETURN_SETTINGS_KEY = ['admin/physical-sim/settings'] as const;

export function useBalanceSettings() {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  return useQuery<BalanceSettings>({
    queryKey: BALANCE_SETTINGS_KEY,
    queryFn: () => dataProvider.read<BalanceSettings>('admin/balance/settings'),
  });
}

export function useReturnSettings() {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  return useQuery<ReturnSettings>({
    queryKey: RETURN_SETTINGS_KEY,
    queryFn: () => dataProvider.read<ReturnSettings>('admin/physical-sim/settings'),
  });
}

/** A typed amount in cents ("1.000" is not: no grouping, "1000,50" or "1000.50"), zero allowed; 'invalid' otherwise. */
export function amountCentsOf(text: string): number | 'invalid' {
  const trimmed = text.trim();
  if (!/^\d+([.,]\d{1,2})?$/.test(trimmed)) return 'invalid';
  const [whole, fraction = ''] = trimmed.split(/[.,]/);
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : 'invalid';
}

/** Cents as the field shows them, the way a Turkish user types them: 100000 → "1000", 150 → "1,50". */
export function amountText(cents: number): string {
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(whole) : `${whole},${String(rest).padStart(2, '0')}`;
}

/** Only what the admin changed goes to the service: a field left alone keeps its value there (an old placeholder IBAN included). */
export function changedFields<T extends Record<string, unknown>>(next: T, saved: Partial<T>): Partial<T> {
  return Object.fromEntries(Object.entries(next).filter(([name, value]) => saved[name] !== value)) as Partial<T>;
}

/** The shop's identity lives in the auth service (brand and legal entity); its public view feeds the top bar. */
export const SHOP_IDENTITY_KEY = ['admin/shop/identity'] as const;
export const PUBLIC_SHOP_KEY = ['public/shop'] as const;

export function useShopIdentity() {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  return useQuery<ShopIdentity>({
    queryKey: SHOP_IDENTITY_KEY,
    queryFn: () => dataProvider.read<ShopIdentity>('admin/shop/identity'),
  });
}
