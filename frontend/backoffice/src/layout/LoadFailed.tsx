import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Button } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

/**
 * What a list or a card shows when its data did not load: an error, said as one, with "Tekrar dene"
 * asking again in place (never an empty state that reads as "nothing here").
 */
export function LoadFailed({ onRetry }: { onRetry: () => unknown }) {
  const translate = useTranslate();
  const [retrying, setRetrying] = useState(false);
  const retry = async () => {
    setRetrying(true);
    try {
      await onRetry();
    } finally {
      setRetrying(false);
    }
  };
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        <Button
          color="inherit"
          size="small"
          startIcon={<RefreshIcon />}
          disabled={retrying}
          onClick={() => void retry()}
        >
          {translate('app.common.retry')}
        </Button>
      }
    >
      {translate('app.common.load_failed')}
    </Alert>
  );
}
