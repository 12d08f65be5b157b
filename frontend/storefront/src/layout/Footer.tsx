import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import XIcon from '@mui/icons-material/X';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SellerContact } from '../ui/SellerContact';

function Column({ title, links }: { title: string; links: Array<[string, string]> }) {
  return (
    <Grid size={{ xs: 6, md: 2 }}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {links.map(([to, label]) => (
          <li key={to}>
            <Link
              component={RouterLink}
              to={to}
              color="inherit"
              underline="hover"
              sx={{ display: 'inline-block', py: 0.75 }}
            >
              {label}
            </Link>
          </li>
        ))}
      </Box>
    </Grid>
  );
}

export default function Footer() {
  const { t } = useTranslation();
  return (
    <Box component="footer" sx={{ bgcolor: 'grey.900', color: 'grey.100', mt: 8, py: 6 }}>
      <Container maxWidth="lg">
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Typography component="p" variant="h6" sx={{ fontWeight: 700 }}>
              {t('brand')}
            </Typography>
            <Typography variant="body2" sx={{ mt: 1, color: 'grey.300' }}>
              {t('footer.tagline')}
            </Typography>
            <Box sx={{ mt: 2, display: 'flex', gap: 0.5 }} aria-label={t('footer.social')} role="group">
              {/* Social links that go nowhere yet: the shop has no accounts to link. */}
              <IconButton href="#" color="inherit" aria-label="Facebook">
                <FacebookIcon />
              </IconButton>
              <IconButton href="#" color="inherit" aria-label="Instagram">
                <InstagramIcon />
              </IconButton>
              <IconButton href="#" color="inherit" aria-label="X">
                <XIcon />
              </IconButton>
              <IconButton href="#" color="inherit" aria-label="LinkedIn">
                <LinkedInIcon />
              </IconButton>
            </Box>
          </Grid>
          <Column
            title={t('footer.quickLinks')}
            links={[
              ['/packages', t('nav.packages')],
              ['/coverage', t('nav.coverage')],
              ['/how-it-works', t('footer.howItWorks')],
              ['/trip-planner', t('nav.tripPlanner')],
            ]}
          />
          <Column
            title={t('footer.support')}
            links={[
              ['/help-center', t('footer.helpCenter')],
              ['/faq', t('nav.faq')],
              ['/balance', t('nav.balance')],
              ['/contact', t('footer.contactUs')],
            ]}
          />
          <Column
            title={t('footer.legal')}
            links={[
              ['/privacy', t('footer.privacy')],
              ['/terms', t('footer.terms')],
              ['/cookies', t('footer.cookies')],
              ['/refund-policy', t('footer.refund')],
            ]}
          />
          <Grid size={{ xs: 12, md: 2 }}>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
              {t('footer.contact')}
            </Typography>
            <SellerContact linkColor="inherit" sx={{ color: 'grey.300' }} />
          </Grid>
        </Grid>
        <Typography variant="body2" sx={{ mt: 4, color: 'grey.400' }}>
          © {new Date().getFullYear()} {t('brand')}. {t('footer.rights')}
        </Typography>
      </Container>
    </Box>
  );
}
