import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BenefitGrid } from '../../ui/Cards';
import { PageHeader } from '../../ui/PageHeader';
import { Seo } from '../../layout/Seo';

export default function HowItWorksPage() {
  const { t } = useTranslation('info');
  const steps = (t('howItWorks.steps', { returnObjects: true }) as Array<{ title: string; text: string }>).map(
    (s, i) => ({ title: `${i + 1}. ${s.title}`, text: s.text }),
  );
  return (
    <>
      <Seo title={t('howItWorks.seo.title')} description={t('howItWorks.seo.description')} />
      <PageHeader title={t('howItWorks.title')} subtitle={t('howItWorks.subtitle')} />
      <Container maxWidth="lg" sx={{ mt: 4 }}>
        <BenefitGrid items={steps} />
        <Box sx={{ mt: 4, display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <Button component={RouterLink} to="/packages" variant="contained" size="large">
            {t('home:buttons.packages')}
          </Button>
          <Button component={RouterLink} to="/quick-guide" variant="outlined" size="large">
            {t('common:nav.quickGuide')}
          </Button>
        </Box>
      </Container>
    </>
  );
}
