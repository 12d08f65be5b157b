import { RETURN_WINDOW_MAX_DAYS, type ReturnSettings } from '@esim/contracts';
import { FormControlLabel, FormHelperText, InputAdornment, Switch, TextField } from '@mui/material';
import type { FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { SettingsFormCard } from '../../layout/SettingsFormCard';
import { RETURN_SETTINGS_KEY, useReturnSettings } from './shopSettings';
import { useSettingsDraft } from './useSettingsDraft';

const fieldsOf = (settings: ReturnSettings) => ({
  return_window_days: String(settings.return_window_days),
  auto_approve_unactivated_returns: settings.auto_approve_unactivated_returns,
});

/** The physical-sim service's settings: the days a dealer may return a card after the transfer, and auto-approval of returns. */
export function ReturnsCard() {
  const translate = useTranslate();
  const query = useReturnSettings();
  const settings = query.data;
  const {
    fields,
    set,
    errors,
    setErrors,
    busy,
    save: put,
    card,
  } = useSettingsDraft(query, fieldsOf, 'admin/physical-sim/settings', RETURN_SETTINGS_KEY);
  const days = fields?.return_window_days ?? '';
  const autoApprove = fields?.auto_approve_unactivated_returns ?? false;

  const dayCount = /^\d{1,3}$/.test(days.trim()) ? Number(days.trim()) : Number.NaN;
  const changed = {
    ...(settings && dayCount !== settings.return_window_days ? { return_window_days: dayCount } : {}),
    ...(settings && autoApprove !== settings.auto_approve_unactivated_returns
      ? { auto_approve_unactivated_returns: autoApprove }
      : {}),
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!(dayCount >= 1 && dayCount <= RETURN_WINDOW_MAX_DAYS)) {
      setErrors({ return_window_days: translate('app.shop_settings.return_window_invalid') });
      return;
    }
    await put(changed);
  };

  return (
    <SettingsFormCard
      title={translate('app.shop_settings.returns_title')}
      hint={translate('app.shop_settings.returns_hint')}
      {...card}
      skeletonHeight={200}
      saveDisabled={busy || Object.keys(changed).length === 0}
      onSubmit={save}
    >
      <TextField
        label={translate('app.shop_settings.return_window_days')}
        value={days}
        onChange={(event) => set('return_window_days')(event.target.value)}
        error={!!errors.return_window_days}
        helperText={
          errors.return_window_days ??
          translate('app.shop_settings.return_window_hint', { max: RETURN_WINDOW_MAX_DAYS })
        }
        slotProps={{
          input: {
            endAdornment: <InputAdornment position="end">{translate('app.shop_settings.days')}</InputAdornment>,
          },
          htmlInput: { name: 'return_window_days', inputMode: 'numeric' },
        }}
        sx={{ maxWidth: { sm: 320 } }}
      />
      <div>
        <FormControlLabel
          control={
            <Switch
              checked={autoApprove}
              onChange={(event) => set('auto_approve_unactivated_returns')(event.target.checked)}
              name="auto_approve_unactivated_returns"
            />
          }
          label={translate('app.shop_settings.auto_approve')}
        />
        <FormHelperText error={!!errors.auto_approve_unactivated_returns}>
          {errors.auto_approve_unactivated_returns ?? translate('app.shop_settings.auto_approve_hint')}
        </FormHelperText>
      </div>
    </SettingsFormCard>
  );
}
