import { isValidIban, type BalanceSettings } from '@esim/contracts';
import { Box, InputAdornment, TextField, Typography } from '@mui/material';
import type { FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { formatCents } from '../../format';
import { SettingsFormCard } from '../../layout/SettingsFormCard';
import { amountCentsOf, amountText, BALANCE_SETTINGS_KEY, changedFields, useBalanceSettings } from './shopSettings';
import { useSettingsDraft } from './useSettingsDraft';

// Two fields a row from a tablet up; one a row on a phone, as far apart as the rest of the form's rows.
const TWO_COLUMNS = { display: 'grid', columnGap: 2, rowGap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } };

type Fields = {
  account_holder: string;
  bank_name: string;
  iban: string;
  deposit_max: string;
  confirm_retype_above: string;
};

const fieldsOf = (settings: BalanceSettings): Fields => ({
  account_holder: settings.account_holder,
  bank_name: settings.bank_name,
  iban: settings.iban,
  deposit_max: amountText(settings.deposit_max_cents),
  confirm_retype_above: amountText(settings.confirm_retype_above_cents),
});

/**
 * The balance service's settings: the bank account customers transfer deposits to (its IBAN checked by
 * mod 97 here and again by the service), the most one request may ask for, and the amount above which
 * confirming a deposit takes the amount typed again. Only the fields changed are sent.
 */
export function BankTransferCard() {
  const translate = useTranslate();
  const query = useBalanceSettings();
  const {
    fields,
    saved,
    set,
    errors,
    setErrors,
    busy,
    save: put,
    card,
  } = useSettingsDraft(query, fieldsOf, 'admin/balance/settings', BALANCE_SETTINGS_KEY);
  const changed = fields && saved ? changedFields(fields, saved) : {};

  const problemsOf = (change: Partial<Fields>) => {
    const problems: Partial<Record<keyof Fields, string>> = {};
    for (const name of ['account_holder', 'bank_name'] as const)
      if (change[name] !== undefined && change[name].trim() === '')
        problems[name] = translate('app.shop_settings.required');
    if (change.iban !== undefined && !isValidIban(change.iban))
      problems.iban = translate('app.shop_settings.iban_invalid');
    const max = change.deposit_max === undefined ? null : amountCentsOf(change.deposit_max);
    if (max === 'invalid' || max === 0) problems.deposit_max = translate('app.balance.amount_invalid');
    if (change.confirm_retype_above !== undefined && amountCentsOf(change.confirm_retype_above) === 'invalid')
      problems.confirm_retype_above = translate('app.shop_settings.amount_invalid');
    return problems;
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const problems = problemsOf(changed);
    if (Object.keys(problems).length) {
      setErrors(problems);
      return;
    }
    await put({
      ...changed,
      ...(changed.deposit_max !== undefined
        ? { deposit_max: (amountCentsOf(changed.deposit_max) as number) / 100 }
        : {}),
      ...(changed.confirm_retype_above !== undefined
        ? { confirm_retype_above: (amountCentsOf(changed.confirm_retype_above) as number) / 100 }
        : {}),
    });
  };

  /**
   * One field of the form: its label and name are its setting's, its hint gives way to what is wrong
   * with it; an amount's hint starts with the amount as customers read it, so 100000 is not taken for 10000.
   */
  const field = (
    name: keyof Fields,
    options: { hint?: string; euros?: boolean; htmlInput?: Record<string, unknown> } = {},
  ) => {
    const cents = options.euros ? amountCentsOf(fields?.[name] ?? '') : 'invalid';
    const hint = cents === 'invalid' ? options.hint : `${formatCents(cents)} · ${options.hint}`;
    return (
      <TextField
        label={translate(`app.shop_settings.${name}`)}
        value={fields?.[name] ?? ''}
        onChange={(event) => set(name)(event.target.value)}
        error={!!errors[name]}
        helperText={errors[name] ?? hint ?? ' '}
        slotProps={{
          ...(options.euros ? { input: { endAdornment: <InputAdornment position="end">€</InputAdornment> } } : {}),
          htmlInput: { name, ...(options.euros ? { inputMode: 'decimal' } : {}), ...options.htmlInput },
        }}
      />
    );
  };

  return (
    <SettingsFormCard
      title={translate('app.shop_settings.bank_title')}
      hint={translate('app.shop_settings.bank_hint')}
      {...card}
      skeletonHeight={320}
      spacing={1}
      saveDisabled={busy || Object.keys(changed).length === 0}
      onSubmit={save}
    >
      <Box sx={TWO_COLUMNS}>
        {field('account_holder')}
        {field('bank_name')}
      </Box>
      {field('iban', {
        hint: translate('app.shop_settings.iban_hint'),
        htmlInput: { autoCapitalize: 'characters', spellCheck: false },
      })}
      <Typography variant="subtitle2" component="h3" sx={{ pt: 1 }}>
        {translate('app.shop_settings.limits_title')}
      </Typography>
      <Box sx={TWO_COLUMNS}>
        {field('deposit_max', { hint: translate('app.shop_settings.deposit_max_hint'), euros: true })}
        {field('confirm_retype_above', {
          hint: translate('app.shop_settings.confirm_retype_above_hint'),
          euros: true,
        })}
      </Box>
    </SettingsFormCard>
  );
}
