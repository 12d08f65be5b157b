import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';

/** The seconds a refusal asks to wait: a rate limit's (429) Retry-After, else null. */
export function retryAfterOf(error: unknown): number | null {
  return error instanceof ApiError && error.status === 429 ? (error.retryAfter ?? 60) : null;
}

/**
 * The wait a rate limit (HTTP 429) asks for: `start(error)` begins it when the error is one (and
 * says so), `waiting` holds while it runs (a form keeps its button off), `over` once it ran out,
 * and `clear()` forgets it when the visitor tries again. The page renders again only at the start
 * and the end; the notice counts the seconds itself.
 */
export function useRetryWait() {
  const [until, setUntil] = useState<number | null>(null);
  const [over, setOver] = useState(false);
  useEffect(() => {
    if (until === null) return;
    const timer = setTimeout(() => setOver(true), Math.max(0, until - Date.now()));
    return () => clearTimeout(timer);
  }, [until]);
  return {
    until,
    waiting: until !== null && !over,
    over: until !== null && over,
    start(error: unknown): boolean {
      const seconds = retryAfterOf(error);
      if (seconds === null) return false;
      setOver(false);
      setUntil(Date.now() + seconds * 1000);
      return true;
    },
    clear() {
      setUntil(null);
      setOver(false);
    },
  };
}

export type RetryWait = ReturnType<typeof useRetryWait>;

function Countdown({ until, over, onRetry }: { until: number; over: boolean; onRetry?: () => void }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (over) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [over]);
  const seconds = Math.max(1, Math.ceil((until - now) / 1000));
  return (
    <Alert
      severity={over ? 'info' : 'warning'}
      role="status"
      data-testid="retry-wait"
      action={
        over && onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('actions.retry')}
          </Button>
        ) : undefined
      }
    >
      {over ? t('errors.rateLimitOver') : t('errors.rateLimited', { count: seconds })}
    </Alert>
  );
}

/**
 * A rate limit's notice: the seconds left, counted down, then that the visitor may try again (with
 * a button when the page retries by itself rather than through its form).
 */
export function RetryWaitNotice({ wait, onRetry }: { wait: RetryWait; onRetry?: () => void }) {
  // A new wait starts its own count from its own moment.
  return wait.until === null ? null : (
    <Countdown key={wait.until} until={wait.until} over={wait.over} onRetry={onRetry} />
  );
}
