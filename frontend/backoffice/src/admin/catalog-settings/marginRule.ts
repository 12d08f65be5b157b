import type { MarginRuleView } from '@esim/contracts';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { formatEuro } from '../../format';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';

/** The margin rule's query key: the settings page's save and the supplier list's summary share it. */
export const MARGIN_RULE_KEY = ['admin/margin-rule'] as const;

/** GET /admin/margin-rule. */
export function useMarginRule() {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  return useQuery<MarginRuleView>({
    queryKey: MARGIN_RULE_KEY,
    queryFn: () => dataProvider.read<MarginRuleView>('admin/margin-rule'),
  });
}

/** The rule's amount as people read it: "%30" / "30%", or "2,50 €". */
export function marginAmount(rule: Pick<MarginRuleView, 'kind' | 'value'>, locale: string): string {
  if (rule.kind === 'fixed') return formatEuro(rule.value);
  const number = new Intl.NumberFormat(locale === 'en' ? 'en-GB' : 'tr-TR', { maximumFractionDigits: 2 }).format(
    rule.value,
  );
  return locale === 'en' ? `${number}%` : `%${number}`;
}
