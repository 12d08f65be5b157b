import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';

export function StatGrid({ stats }: { stats: Array<{ value: string; label: string }> }) {
  return (
    <Grid container spacing={2}>
      {stats.map((s) => (
        <Grid key={s.label} size={{ xs: 6, md: 3 }}>
          <Card variant="outlined" sx={{ p: 2, textAlign: 'center', height: '100%' }}>
            <Typography sx={{ fontSize: '2rem', fontWeight: 700 }} color="primary">
              {s.value}
            </Typography>
            <Typography color="text.secondary">{s.label}</Typography>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}

export function BenefitGrid({
  items,
  columns = 4,
}: {
  items: Array<{ title: string; text: string }>;
  columns?: 2 | 3 | 4;
}) {
  return (
    <Grid container spacing={2}>
      {items.map((b) => (
        <Grid key={b.title} size={{ xs: 12, sm: 6, md: 12 / columns }}>
          <Card variant="outlined" sx={{ p: 2.5, height: '100%' }}>
            <Typography variant="h3" sx={{ fontSize: '1.1rem' }}>
              {b.title}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {b.text}
            </Typography>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
