import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/PageHeader';
import { Seo } from '../../layout/Seo';

export default function HelpCenterPage() {
  const { t } = useTranslation('info');
  const links = t('helpCenter.links', { returnObjects: true }) as Array<{ title: string; text: string; to: string }>;
  return (
    <>
      <Seo title={t('helpCenter.seo.title')} description={t('helpCenter.seo.description')} />
      <PageHeader title={t('helpCenter.title')} subtitle={t('helpCenter.subtitle')} />
      <Container maxWidth="lg" sx={{ mt: 4 }}>
        <Grid container spacing={2}>
          {links.map((link) => (
            <Grid key={link.to} size={{ xs: 12, sm: 6, md: 3 }}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardActionArea component={RouterLink} to={link.to} sx={{ p: 2.5, height: '100%' }}>
                  <Typography variant="h2" sx={{ fontSize: '1.15rem' }}>
                    {link.title}
                  </Typography>
                  <Typography color="text.secondary" sx={{ mt: 1 }}>
                    {link.text}
                  </Typography>
                </CardActionArea>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Container>
    </>
  );
}
