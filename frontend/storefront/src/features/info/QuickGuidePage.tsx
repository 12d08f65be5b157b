import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/CheckCircleOutline';
import PhoneIcon from '@mui/icons-material/PhoneIphone';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/PageHeader';
import { Seo } from '../../layout/Seo';

export default function QuickGuidePage() {
  const { t } = useTranslation('info');
  const steps = t('quickGuide.steps', { returnObjects: true }) as Array<{ title: string; details: string[] }>;
  const devices = t('quickGuide.deviceList', { returnObjects: true }) as string[];
  return (
    <>
      <Seo title={t('quickGuide.seo.title')} description={t('quickGuide.seo.description')} />
      <PageHeader title={t('quickGuide.title')} subtitle={t('quickGuide.subtitle')} />
      <Container maxWidth="lg" sx={{ mt: 4 }}>
        <Grid container spacing={2} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {steps.map((step, i) => (
            <Grid key={step.title} size={{ xs: 12, md: 4 }} component="li">
              <Card variant="outlined" sx={{ p: 2.5, height: '100%' }}>
                <Typography color="primary" sx={{ fontWeight: 700 }}>
                  {i + 1}
                </Typography>
                <Typography variant="h2" sx={{ fontSize: '1.2rem' }}>
                  {step.title}
                </Typography>
                <List dense>
                  {step.details.map((d) => (
                    <ListItem key={d} disableGutters>
                      <ListItemIcon sx={{ minWidth: 32 }}>
                        <CheckIcon color="success" fontSize="small" />
                      </ListItemIcon>
                      <ListItemText primary={d} />
                    </ListItem>
                  ))}
                </List>
              </Card>
            </Grid>
          ))}
        </Grid>
        <Box sx={{ mt: 5 }}>
          <Typography variant="h2" sx={{ fontSize: '1.35rem' }}>
            {t('quickGuide.devices')}
          </Typography>
          <List>
            {devices.map((d) => (
              <ListItem key={d} disableGutters>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <PhoneIcon color="primary" />
                </ListItemIcon>
                <ListItemText primary={d} />
              </ListItem>
            ))}
          </List>
        </Box>
      </Container>
    </>
  );
}
