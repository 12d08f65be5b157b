import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Seo } from './Seo';

export function NotFound({
  title,
  text,
  action,
  also,
}: {
  title: string;
  text: string;
  action: string;
  /** A second way on, to a page outside the storefront's router (the back office). */
  also?: { label: string; href: string };
}) {
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
      <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Button component={RouterLink} to="/" variant="contained">
          {action}
        </Button>
        {also && (
          <Button href={also.href} variant="outlined">
            {also.label}
          </Button>
        )}
      </Box>
    </Container>
  );
}

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <>
      <Seo page={t('errors.notFoundTitle')} description={t('errors.notFoundText')} />
      <meta name="robots" content="noindex" />
      <NotFound title={t('errors.notFoundTitle')} text={t('errors.notFoundText')} action={t('errors.backHome')} />
    </>
  );
}
