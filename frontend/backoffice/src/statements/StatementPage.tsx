import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { StatementSection } from './StatementSection';

/** The dealer's own statements ("Hesap Ekstresi"): a month (from the mailed link's ?month= too), its figures and downloads. */
export default function StatementPage() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('app.statements.title')}
      </Typography>
      <Card variant="outlined">
        <CardContent>
          <StatementSection basePath="user/statements" initialMonth={params.get('month') ?? undefined} />
        </CardContent>
      </Card>
    </Box>
  );
}
