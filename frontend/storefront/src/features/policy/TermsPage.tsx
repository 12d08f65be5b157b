import { useTranslation } from 'react-i18next';
import { Seo } from '../../layout/Seo';
import { LegalPage, LegalSections } from './LegalPage';
import { useTermsSections } from './useTermsSections';

export default function TermsPage() {
  const { t } = useTranslation('legal');
  return (
    <>
      <Seo title={t('terms.seo.title')} description={t('terms.seo.description')} />
      <LegalPage title={t('terms.title')}>
        <LegalSections sections={useTermsSections()} />
      </LegalPage>
    </>
  );
}
