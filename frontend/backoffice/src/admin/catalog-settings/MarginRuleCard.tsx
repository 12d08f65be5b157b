import {
  MARGIN_ROUNDINGS,
  marginRuleOf,
  priceFromCost,
  type MarginKind,
  type MarginRounding,
  type MarginRuleView,
} from '@esim/contracts';
import { Box, InputAdornment, MenuItem, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatCents, formatDate } from '../../format';
import { SettingsFormCard, useSettingsSave } from '../../layout/SettingsFormCard';
import { MARGIN_RULE_KEY, useMarginRule } from './marginRule';

/** Net costs the example line prices, so the admin sees what the rule does before saving it. */
const EXAMPLE_COSTS = [420, 1000, 2375];

/** A typed amount ("12,5" or "12.5") as a number, NaN for anything unreadable. */
function numberOf(text: string): number {
  const trimmed = text.trim();
  return /^\d+([.,]\d{1,2})?$/.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN;
}

/**
 * The margin rule: a percentage or a fixed amount over an offer's net cost, and how the price is
 * rounded up to one the shop shows. Packages made from offers take it, and so does "reprice from cost".
 */
export function MarginRuleCard() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data: rule, error, refetch } = useMarginRule();
  const [kind, setKind] = useState<MarginKind>('percent');
  const [value, setValue] = useState('');
  const [rounding, setRounding] = useState<MarginRounding>('x99');
  const {
    errors,
    setErrors,
    busy,
    save: put,
  } = useSettingsSave<MarginRuleView>('admin/margin-rule', MARGIN_RULE_KEY, 'app.catalog_settings.saved');
  useEffect(() => {
    if (!rule) return;
    setKind(rule.kind);
    setValue(String(rule.value).replace('.', locale === 'en' ? '.' : ','));
    setRounding(rule.rounding);
  }, [rule, locale]);

  const amount = numberOf(value);
  const valueProblem =
    value.trim() === '' || Number.isNaN(amount) ? translate('app.catalog_settings.value_invalid') : null;
  const example = Number.isNaN(amount)
    ? null
    : EXAMPLE_COSTS.map((cost) =>
        translate('app.catalog_settings.example_item', {
          cost: formatCents(cost),
          price: formatCents(priceFromCost(cost, marginRuleOf({ kind, value: amount, rounding }))),
        }),
      ).join(' · ');

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (valueProblem) {
      setErrors({ value: valueProblem });
      return;
    }
    await put({ kind, value: amount, rounding });
  };

  return (
    <SettingsFormCard
      title={translate('app.catalog_settings.margin_title')}
      hint={translate('app.catalog_settings.margin_hint')}
      load={{ ready: !!rule, error, refetch }}
      skeletonHeight={160}
      updated={
        rule?.updated_at
          ? translate('app.catalog_settings.updated', { when: formatDate(String(rule.updated_at)) })
          : translate('app.catalog_settings.default_rule')
      }
      saveDisabled={busy}
      onSubmit={save}
    >
      <ToggleButtonGroup
        exclusive
        value={kind}
        onChange={(_event, next: MarginKind | null) => next && setKind(next)}
        aria-label={translate('app.catalog_settings.kind')}
        size="small"
      >
        <ToggleButton value="percent">{translate('app.catalog_settings.kinds.percent')}</ToggleButton>
        <ToggleButton value="fixed">{translate('app.catalog_settings.kinds.fixed')}</ToggleButton>
      </ToggleButtonGroup>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          label={translate(`app.catalog_settings.value_${kind}`)}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setErrors(({ value: _dropped, ...rest }) => rest);
          }}
          error={!!errors.value}
          helperText={errors.value ?? ' '}
          slotProps={{
            htmlInput: { name: 'value', inputMode: 'decimal' },
            // Turkish writes the percent sign first (%30), English after (30%).
            input:
              kind === 'percent' && locale !== 'en'
                ? { startAdornment: <InputAdornment position="start">%</InputAdornment> }
                : {
                    endAdornment: <InputAdornment position="end">{kind === 'percent' ? '%' : '€'}</InputAdornment>,
                  },
          }}
        />
        <TextField
          select
          label={translate('app.catalog_settings.rounding')}
          value={rounding}
          onChange={(event) => setRounding(event.target.value as MarginRounding)}
          error={!!errors.rounding}
          helperText={errors.rounding ?? ' '}
          slotProps={{ htmlInput: { name: 'rounding' } }}
        >
          {MARGIN_ROUNDINGS.map((option) => (
            <MenuItem key={option} value={option}>
              {translate(`app.catalog_settings.roundings.${option}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {example ? `${translate('app.catalog_settings.example')}: ${example}` : ' '}
      </Typography>
    </SettingsFormCard>
  );
}
