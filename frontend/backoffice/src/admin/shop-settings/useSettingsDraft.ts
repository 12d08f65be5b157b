import type { QueryKey } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { formatDate } from '../../format';
import { useSettingsSave } from '../../layout/SettingsFormCard';

/**
 * The editable copy of a service's settings in a card: the fields as `fieldsOf` shows the loaded
 * settings (`fieldsOf` must be stable, e.g. declared outside the component), reset whenever the
 * service answers, one setter a field that also drops the field's error, the save of
 * `useSettingsSave` with the service's refusals by field, and the card's load state and "last
 * updated" line for `SettingsFormCard`.
 */
export function useSettingsDraft<S extends { updated_at: string | null }, F extends Record<string, unknown>>(
  query: { data: S | undefined; error: unknown; refetch: () => unknown },
  fieldsOf: (settings: S) => F,
  path: string,
  queryKey: QueryKey,
) {
  const translate = useTranslate();
  const settings = query.data;
  const saved = useMemo(() => (settings ? fieldsOf(settings) : null), [settings, fieldsOf]);
  const [fields, setFields] = useState<F | null>(null);
  const { errors, setErrors, busy, save } = useSettingsSave<S>(path, queryKey, 'app.shop_settings.saved');
  useEffect(() => {
    if (saved) setFields(saved);
  }, [saved]);

  const set =
    <K extends keyof F & string>(name: K) =>
    (value: F[K]) => {
      setFields((current) => (current ? { ...current, [name]: value } : current));
      setErrors(({ [name]: _dropped, ...rest }) => rest);
    };

  const card = {
    load: { ready: !!settings && !!fields, error: query.error, refetch: query.refetch },
    // "Last updated …" beside the save button, or what stands before any save.
    updated: settings?.updated_at
      ? translate('app.shop_settings.updated', { when: formatDate(settings.updated_at) })
      : translate('app.shop_settings.never_updated'),
  };

  return { fields, saved, set, errors, setErrors, busy, save, card };
}
