import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

/** The coloured band at the top of an information page. */
export function PageHeader({
  title,
  subtitle,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Box sx={{ bgcolor: 'hero.main', color: 'hero.contrastText', py: { xs: 4, md: 6 } }}>
      <Container maxWidth="lg">
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.5rem' } }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography sx={{ mt: 1, opacity: 0.92, fontSize: { md: '1.15rem' }, maxWidth: 760 }}>{subtitle}</Typography>
        )}
        {children}
      </Container>
    </Box>
  );
}
