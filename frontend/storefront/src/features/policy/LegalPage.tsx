import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../ui/PageHeader';

export function LegalSections({ sections }: { sections: Array<{ title: string; text: string }> }) {
  return (
    <>
      {sections.map((s) => (
        <Box key={s.title} component="section" sx={{ mb: 3 }}>
          <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
            {s.title}
          </Typography>
          <Typography sx={{ mt: 1, lineHeight: 1.7 }}>{s.text}</Typography>
        </Box>
      ))}
    </>
  );
}

export function LegalPage({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <Container maxWidth="md" sx={{ mt: 4 }}>
        {children}
      </Container>
    </>
  );
}
