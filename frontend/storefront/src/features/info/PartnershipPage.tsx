import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import CheckIcon from '@mui/icons-material/CheckCircleOutline';
import { useTranslation } from 'react-i18next';
import { MessageForm } from '../../ui/MessageForm';
import { PageHeader } from '../../ui/PageHeader';
import { Seo } from '../../layout/Seo';

export default function PartnershipPage() {
  const { t } = useTranslation('info');
  return (
    <>
      <Seo title={t('partnership.seo.title')} description={t('partnership.seo.description')} />
      <PageHeader title={t('partnership.title')} subtitle={t('partnership.subtitle')} />
      <Container maxWidth="lg" sx={{ mt: 4 }}>
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 4 }}>
            <List>
              {(t('partnership.points', { returnObjects: true }) as string[]).map((p) => (
                <ListItem key={p} disableGutters>
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <CheckIcon color="success" />
                  </ListItemIcon>
                  <ListItemText primary={p} />
                </ListItem>
              ))}
            </List>
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <MessageForm kind="partnership" />
          </Grid>
        </Grid>
      </Container>
    </>
  );
}
