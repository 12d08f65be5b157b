import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Seo } from './Seo';

export function NotFound({ title, text, action }: { title: string; text: string; action: string }) {
  return (
    <Container maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
      <Typography sx={{ fontSize: '4rem', fontWeight: 700 }} color="primary" aria-hidden>
        404
      </Typography>
      <Typography variant="h1" sx={{ fontSize: '1.75rem' }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {text}
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        {action}
      </Button>
    </Container>
  );
}

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <>
      <Seo title={`${t('errors.notFoundTitle')} — eSIM Go`} description={t('errors.notFoundText')} />
      <meta name="robots" content="noindex" />
      <NotFound title={t('errors.notFoundTitle')} text={t('errors.notFoundText')} action={t('errors.backHome')} />
    </>
  );
}
