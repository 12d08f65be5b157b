import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/CheckCircleOutline';
import { useTranslation } from 'react-i18next';
import { BenefitGrid, StatGrid } from '../../ui/Cards';
import { PageHeader } from '../../ui/PageHeader';
import { Seo } from '../../layout/Seo';

export default function AboutPage() {
  const { t } = useTranslation('info');
  return (
    <>
      <Seo title={t('about.seo.title')} description={t('about.seo.description')} />
      <PageHeader title={t('about.title')} subtitle={t('about.subtitle')} />
      <Container maxWidth="lg" sx={{ mt: 4 }}>
        <Typography sx={{ fontSize: '1.1rem', maxWidth: 820 }}>{t('about.story')}</Typography>
        <Box sx={{ mt: 4 }}>
          <StatGrid stats={t('why.stats', { returnObjects: true }) as Array<{ value: string; label: string }>} />
        </Box>
        <Typography variant="h2" sx={{ fontSize: '1.35rem', mt: 4 }}>
          {t('about.features')}
        </Typography>
        <List>
          {(t('about.featureList', { returnObjects: true }) as string[]).map((f) => (
            <ListItem key={f} disableGutters>
              <ListItemIcon sx={{ minWidth: 36 }}>
                <CheckIcon color="success" />
              </ListItemIcon>
              <ListItemText primary={f} />
            </ListItem>
          ))}
        </List>
        <Typography variant="h2" sx={{ fontSize: '1.35rem', my: 2 }}>
          {t('about.benefitsTitle')}
        </Typography>
        <BenefitGrid items={t('about.benefits', { returnObjects: true }) as Array<{ title: string; text: string }>} />
      </Container>
    </>
  );
}
