import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { useTranslation } from 'react-i18next';
import { BenefitGrid, StatGrid } from '../../ui/Cards';
import { PageHeader } from '../../ui/PageHeader';
import { Seo } from '../../layout/Seo';

export default function WhyPage() {
  const { t } = useTranslation('info');
  return (
    <>
      <Seo title={t('why.seo.title')} description={t('why.seo.description')} />
      <PageHeader title={t('why.title')} subtitle={t('why.subtitle')} />
      <Container maxWidth="lg" sx={{ mt: 4 }}>
        <StatGrid stats={t('why.stats', { returnObjects: true }) as Array<{ value: string; label: string }>} />
        <Box sx={{ mt: 4 }}>
          <BenefitGrid items={t('why.benefits', { returnObjects: true }) as Array<{ title: string; text: string }>} />
        </Box>
      </Container>
    </>
  );
}
