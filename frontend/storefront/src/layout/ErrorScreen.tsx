import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse } from 'react-router';

/** The fallback for routing failures: 'Unexpected Application Error!' with status and text (docs/product.md, Fixed texts). */
export function ErrorScreen({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const text = isRouteErrorResponse(error)
    ? error.statusText || String(error.data ?? '')
    : error instanceof Error
      ? error.message
      : String(error);
  console.error(error);
  return (
    <Box component="main" sx={{ p: 4, maxWidth: 720, mx: 'auto', fontFamily: 'Roboto, system-ui, sans-serif' }}>
      <Typography variant="h1" sx={{ fontSize: '1.75rem' }}>
        Unexpected Application Error!
      </Typography>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mt: 2 }}>
        {status}
      </Typography>
      <Box component="pre" sx={{ whiteSpace: 'pre-wrap', p: 2, bgcolor: 'action.hover', borderRadius: 1 }}>
        {text}
      </Box>
      <Button href="/" variant="contained">
        Ana Sayfa / Home
      </Button>
    </Box>
  );
}
