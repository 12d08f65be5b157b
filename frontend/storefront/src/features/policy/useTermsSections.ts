import { useTranslation } from 'react-i18next';
import { useSeller } from '../../ui/SellerContact';

/** The terms' sections, their contact section naming the shop's e-mail from its settings (GET /public/seller). */
export function useTermsSections(): Array<{ title: string; text: string }> {
  const { t } = useTranslation('legal');
  const email = useSeller()?.email ?? t('terms.contactPage');
  return t('termsSections', { returnObjects: true, email }) as Array<{ title: string; text: string }>;
}
