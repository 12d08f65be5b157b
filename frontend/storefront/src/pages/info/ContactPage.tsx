import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { MessageForm } from '../../features/forms/MessageForm';
import { PageHeader } from '../../features/ui/PageHeader';
import { Seo } from '../../layout/Seo';

export default function ContactPage() {
  const { t } = useTranslation('info');
  return (
    <>
      <Seo title={t('contact.seo.title')} description={t('contact.seo.description')} />
      <PageHeader title={t('contact.title')} subtitle={t('contact.subtitle')} />
      <Container maxWidth="lg" sx={{ mt: 4 }}>
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Typography component="address" sx={{ fontStyle: 'normal', lineHeight: 2 }}>
              {t('common:footer.address')}
              <br />
              <Link href={`tel:${t('common:footer.phone').replace(/\s/g, '')}`}>{t('common:footer.phone')}</Link>
              <br />
              <Link href={`mailto:${t('common:footer.email')}`}>{t('common:footer.email')}</Link>
            </Typography>
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <MessageForm kind="contact" />
          </Grid>
        </Grid>
      </Container>
    </>
  );
}
