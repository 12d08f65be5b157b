import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ApiKeysSection } from './ApiKeysSection';

/** The dealer's own API keys ("API anahtarları") for the partner API. */
export default function ApiKeysPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('app.api_keys.title')}
      </Typography>
      <Card variant="outlined">
        <CardContent>
          <ApiKeysSection basePath="user/api-keys" />
        </CardContent>
      </Card>
    </Box>
  );
}
