import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSeller } from '../../ui/SellerContact';
import { Seo } from '../../layout/Seo';
import { LegalPage, LegalSections } from './LegalPage';

export default function RefundPolicyPage() {
  const { t } = useTranslation('legal');
  const seller = useSeller();
  return (
    <>
      <Seo title={t('refund.seo.title')} description={t('refund.seo.description')} />
      <LegalPage title={t('refund.title')} subtitle={t('lastUpdated', { date: t('refund.date') })}>
        <LegalSections
          sections={t('refund.sections', { returnObjects: true }) as Array<{ title: string; text: string }>}
        />
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          {seller && (
            <Button variant="contained" href={`mailto:${seller.email}`}>
              {t('refund.emailButton')}
            </Button>
          )}
          <Button variant="outlined" component={RouterLink} to="/help-center">
            {t('refund.supportButton')}
          </Button>
        </Box>
      </LegalPage>
    </>
  );
}
