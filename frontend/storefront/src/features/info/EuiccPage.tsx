import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import SimCardIcon from '@mui/icons-material/SimCard';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/PageHeader';
import { Seo } from '../../layout/Seo';

export default function EuiccPage() {
  const { t } = useTranslation('info');
  return (
    <>
      <Seo title={t('euicc.seo.title')} description={t('euicc.seo.description')} />
      <PageHeader title={t('euicc.title')} subtitle={t('euicc.subtitle')} />
      <Container maxWidth="md" sx={{ mt: 4 }}>
        <Typography sx={{ fontSize: '1.1rem' }}>{t('euicc.intro')}</Typography>
        <List sx={{ mt: 2 }}>
          {(t('euicc.points', { returnObjects: true }) as string[]).map((p) => (
            <ListItem key={p} disableGutters>
              <ListItemIcon sx={{ minWidth: 36 }}>
                <SimCardIcon color="primary" />
              </ListItemIcon>
              <ListItemText primary={p} />
            </ListItem>
          ))}
        </List>
        <Button component={RouterLink} to="/partnership" variant="contained" size="large" sx={{ mt: 2 }}>
          {t('euicc.cta')}
        </Button>
      </Container>
    </>
  );
}
