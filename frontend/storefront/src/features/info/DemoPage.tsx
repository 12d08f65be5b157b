import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEMO_PASSWORD } from '@esim/contracts';
import { PageHeader } from '../../ui/PageHeader';
import { Seo } from '../../layout/Seo';
import { DEMO_EMAIL } from '../../auth/demo';

export default function DemoPage() {
  const { t } = useTranslation('info');
  return (
    <>
      <Seo title={t('demo.seo.title')} description={t('demo.seo.description')} />
      <PageHeader title={t('demo.title')} subtitle={t('demo.subtitle')} />
      <Container maxWidth="sm" sx={{ mt: 4 }}>
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography>{t('demo.text')}</Typography>
          <Typography sx={{ mt: 2 }}>
            <strong>{t('demo.email')}:</strong> {DEMO_EMAIL}
            <br />
            <strong>{t('demo.password')}:</strong> {DEMO_PASSWORD}
          </Typography>
          <Button component={RouterLink} to="/login" variant="contained" size="large" sx={{ mt: 3 }}>
            {t('demo.login')}
          </Button>
        </Paper>
      </Container>
    </>
  );
}
