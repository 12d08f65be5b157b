import { Button, Card, CardContent, CardHeader, Skeleton, Stack, Typography } from '@mui/material';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { BackOfficeDataProvider } from '../providers/dataProvider';
import { serviceErrorOf } from '../providers/errors';
import { LoadFailed } from './LoadFailed';

/**
 * A service's settings saved from a form: PUT to `path`, the answer kept as the query's data, the
 * service's message notified, its refusals kept by field (a refusal naming no field is notified).
 */
export function useSettingsSave<T>(path: string, queryKey: QueryKey, savedMessage: string) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const save = async (body: unknown) => {
    setBusy(true);
    setErrors({});
    try {
      const { data, message } = await dataProvider.send<T>('PUT', path, body);
      queryClient.setQueryData(queryKey, data);
      notify(message || savedMessage, { type: 'success' });
    } catch (failure) {
      const { message, fields } = serviceErrorOf(failure);
      setErrors(fields);
      if (!Object.keys(fields).length) notify(message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { errors, setErrors, busy, save };
}

/**
 * A settings form in a card: its title and hint, the load states (an error with "Tekrar dene", a
 * skeleton), the fields, then when it was last saved beside "Kaydet".
 */
export function SettingsFormCard({
  title,
  hint,
  load,
  skeletonHeight,
  spacing = 2,
  updated,
  saveDisabled,
  onSubmit,
  children,
}: {
  title: string;
  hint: string;
  load: { ready: boolean; error: unknown; refetch: () => unknown };
  skeletonHeight: number;
  /** Space between the fields (a form of many fields with hints sits closer). */
  spacing?: number;
  /** "Last updated …" (or what stands before any save), shown beside the button once loaded. */
  updated: string;
  saveDisabled: boolean;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Card component="form" onSubmit={onSubmit} noValidate>
      <CardHeader title={title} subheader={hint} titleTypographyProps={{ variant: 'h6', component: 'h2' }} />
      <CardContent>
        {load.error ? (
          <LoadFailed onRetry={load.refetch} />
        ) : !load.ready ? (
          <Skeleton variant="rectangular" height={skeletonHeight} />
        ) : (
          <Stack spacing={spacing}>
            {children}
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
            >
              <Typography variant="caption" color="text.secondary">
                {updated}
              </Typography>
              <Button type="submit" variant="contained" disabled={saveDisabled}>
                {translate('ra.action.save')}
              </Button>
            </Stack>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
