import EditIcon from '@mui/icons-material/Edit';
import SendIcon from '@mui/icons-material/Send';
import { Button, Card, CardContent, CardHeader, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useGetIdentity, useNotify, useRefresh, useTranslate } from 'react-admin';
import { ConfirmButton } from '../layout/ConfirmButton';
import { useIsDealer } from '../layout/Guard';
import type { BackOfficeDataProvider } from '../providers/dataProvider';
import { serviceErrorOf } from '../providers/errors';

interface CustomerOrder {
  id: string;
  user_id: string;
  customer_name?: string | null;
  customer_email?: string | null;
}

/**
 * A dealer's own order: the end customer it was for (editable) and "send to customer", which mails
 * the QR and install steps to that customer in the dealer's name after a confirmation.
 */
export function OrderCustomer({ order, installable }: { order: CustomerOrder; installable: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const { isDealer } = useIsDealer();
  const { identity } = useGetIdentity();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(order.customer_name ?? '');
  const [email, setEmail] = useState(order.customer_email ?? '');
  const [locale, setLocale] = useState<'tr' | 'en'>('tr');
  const [saving, setSaving] = useState(false);
  // Only the dealer who bought the order names its customer (an admin looking at it does not).
  if (!isDealer || !identity || String(identity.id) !== order.user_id) return null;
  const path = `user/esim/orders/${encodeURIComponent(order.id)}`;

  const save = async (customer: { name: string; email: string } | null) => {
    setSaving(true);
    try {
      const { message } = await dataProvider.send('PATCH', `${path}/customer`, { customer });
      notify(message || 'app.orders.customer.saved', { type: 'success' });
      setEditing(false);
      refresh();
    } catch (error) {
      notify(serviceErrorOf(error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  const send = async () => {
    try {
      const { message } = await dataProvider.send(
        'POST',
        `${path}/send-to-customer`,
        { locale },
        { idempotencyKey: crypto.randomUUID() },
      );
      notify(message || 'app.orders.customer.sent', { type: 'success' });
    } catch (error) {
      notify(serviceErrorOf(error).message, { type: 'error' });
    }
  };

  return (
    <Card variant="outlined" data-testid="order-customer">
      <CardHeader title={translate('app.orders.customer.title')} titleTypographyProps={{ variant: 'subtitle1' }} />
      <CardContent>
        {editing ? (
          <Stack
            component="form"
            spacing={2}
            onSubmit={(event) => {
              event.preventDefault();
              void save({ name: name.trim(), email: email.trim() });
            }}
          >
            <TextField
              label={translate('app.orders.customer.name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              size="small"
            />
            <TextField
              label={translate('app.orders.customer.email')}
              type="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              required
              size="small"
            />
            <Stack direction="row" spacing={1}>
              <Button type="submit" variant="contained" size="small" disabled={saving}>
                {translate('app.orders.customer.save')}
              </Button>
              <Button size="small" onClick={() => setEditing(false)} disabled={saving}>
                {translate('app.orders.customer.cancel')}
              </Button>
              {order.customer_email ? (
                <Button size="small" color="error" onClick={() => void save(null)} disabled={saving}>
                  {translate('app.orders.customer.remove')}
                </Button>
              ) : null}
            </Stack>
          </Stack>
        ) : (
          <Stack spacing={1}>
            {order.customer_email ? (
              <Typography variant="body2" data-testid="order-customer-value">
                {order.customer_name ? `${order.customer_name} · ` : ''}
                {order.customer_email}
              </Typography>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {translate('app.orders.customer.none')}
              </Typography>
            )}
            <Stack direction="row" spacing={1} alignItems="center" sx={{ flexWrap: 'wrap' }} useFlexGap>
              <Button size="small" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
                {translate(order.customer_email ? 'app.orders.customer.edit' : 'app.orders.customer.add')}
              </Button>
              {order.customer_email && installable ? (
                <>
                  <TextField
                    select
                    size="small"
                    label={translate('app.orders.customer.language')}
                    value={locale}
                    onChange={(event) => setLocale(event.target.value as 'tr' | 'en')}
                    sx={{ minWidth: 140 }}
                  >
                    <MenuItem value="tr">Türkçe</MenuItem>
                    <MenuItem value="en">English</MenuItem>
                  </TextField>
                  <ConfirmButton
                    size="small"
                    variant="contained"
                    startIcon={<SendIcon />}
                    title={translate('app.orders.customer.send_title')}
                    content={translate('app.orders.customer.send_body', { email: order.customer_email })}
                    onConfirm={send}
                  >
                    {translate('app.orders.customer.send')}
                  </ConfirmButton>
                </>
              ) : null}
            </Stack>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
