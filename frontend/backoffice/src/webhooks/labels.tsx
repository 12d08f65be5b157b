import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { WebhookDelivery, WebhookSentType } from '@esim/contracts';
import { dateFormat, pageLocale } from '@esim/frontend-shared/format';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** An event type in the screen's language; its key has `_` for the `.`, which the catalog would read as nesting. */
export const eventLabel = (type: WebhookSentType, translate: Translate) =>
  translate(`app.webhooks.event.${type.replace('.', '_')}`, { _: type });

const STATUS_COLOR = { pending: 'warning', delivered: 'success', failed: 'error' } as const;

/** A delivery's status as a coloured chip: pending, delivered or failed. */
export function DeliveryStatusChip({ status }: { status: WebhookDelivery['status'] }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLOR[status]}
      label={translate(`app.webhooks.delivery_status.${status}`)}
    />
  );
}

/** The receiver's answer to a try: its HTTP status, or that none came. */
export const answerOf = (statusCode: number | null, translate: Translate) =>
  statusCode === null ? translate('app.webhooks.no_response') : String(statusCode);

/** A try's moment to the second: tries seconds apart would read the same at `formatDate`'s minutes. */
export const formatMoment = (value: string, locale = pageLocale()) =>
  dateFormat(locale, { dateStyle: 'short', timeStyle: 'medium', timeZone: 'Europe/Istanbul' }).format(new Date(value));
