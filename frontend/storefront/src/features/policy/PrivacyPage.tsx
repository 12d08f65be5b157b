import { useTranslation } from 'react-i18next';
import { Seo } from '../../layout/Seo';
import { LegalPage, LegalSections } from './LegalPage';

export default function PrivacyPage() {
  const { t } = useTranslation('legal');
  return (
    <>
      <Seo title={t('privacy.seo.title')} description={t('privacy.seo.description')} />
      <LegalPage title={t('privacy.title')}>
        <LegalSections
          sections={t('privacy.sections', { returnObjects: true }) as Array<{ title: string; text: string }>}
        />
      </LegalPage>
    </>
  );
}
