import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { WebhooksSection } from './WebhooksSection';

/** The dealer's own webhooks ("Webhook'lar"): where the partner API's events are sent. */
export default function WebhooksPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('app.webhooks.title')}
      </Typography>
      <Card variant="outlined">
        <CardContent>
          <WebhooksSection ownerPath="user" />
        </CardContent>
      </Card>
    </Box>
  );
}
