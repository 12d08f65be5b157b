import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import { useTranslation } from 'react-i18next';
import { MessageForm } from '../../ui/MessageForm';
import { PageHeader } from '../../ui/PageHeader';
import { SellerContact } from '../../ui/SellerContact';
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
            <SellerContact sx={{ lineHeight: 2, typography: 'body1' }} />
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <MessageForm kind="contact" />
          </Grid>
        </Grid>
      </Container>
    </>
  );
}
