import { SHOP_LOGO_MAX_CHARS, type ShopIdentity } from '@esim/contracts';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import type { ChangeEvent, FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { SettingsFormCard } from '../../layout/SettingsFormCard';
import { changedFields, PUBLIC_SHOP_KEY, SHOP_IDENTITY_KEY, useShopIdentity } from './shopSettings';
import { useSettingsDraft } from './useSettingsDraft';

const TWO_COLUMNS = { display: 'grid', columnGap: 2, rowGap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } };

const TEXT_FIELDS = [
  'brand_name',
  'support_email',
  'support_phone',
  'primary_color',
  'secondary_color',
  'legal_name',
  'address',
  'tax_office',
  'tax_number',
  'mersis',
] as const;
type Fields = Record<(typeof TEXT_FIELDS)[number], string> & { logo_url: string };

const fieldsOf = (identity: ShopIdentity): Fields => ({
  ...(Object.fromEntries(TEXT_FIELDS.map((name) => [name, identity[name]])) as Record<
    (typeof TEXT_FIELDS)[number],
    string
  >),
  logo_url: identity.logo_url ?? '',
});

/** A colour as both a picker and its #rrggbb text, the text being what is sent. */
function ColorField(props: {
  name: string;
  label: string;
  hint: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const valid = /^#[0-9a-fA-F]{6}$/.test(props.value);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Box
        component="input"
        type="color"
        aria-label={props.label}
        value={valid ? props.value.toLowerCase() : '#000000'}
        onChange={(event: ChangeEvent<HTMLInputElement>) => props.onChange(event.target.value)}
        sx={{ width: 48, height: 40, p: 0, mt: 1, border: 0, background: 'none', cursor: 'pointer', flex: 'none' }}
      />
      <TextField
        fullWidth
        label={props.label}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        error={!!props.error}
        helperText={props.error ?? props.hint}
        slotProps={{ htmlInput: { name: props.name, spellCheck: false } }}
      />
    </Stack>
  );
}

/**
 * The shop's identity (auth service): brand, logo, colours, support contacts and the legal entity the
 * documents name. Only the fields changed are sent; the service checks each (VKN 10 digits, MERSİS
 * 16, colours #rrggbb, the logo's address and size) and names the field it refuses.
 */
export function ShopIdentityCard() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const query = useShopIdentity();
  const identity = query.data;
  const {
    fields,
    saved,
    set,
    errors,
    setErrors,
    busy,
    save: put,
    card,
  } = useSettingsDraft(query, fieldsOf, 'admin/shop/identity', SHOP_IDENTITY_KEY);
  const changed = fields && saved ? changedFields(fields, saved) : {};

  const pickLogo = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!['image/png', 'image/svg+xml'].includes(file.type)) {
      setErrors((current) => ({ ...current, logo_url: translate('app.shop_settings.logo_type') }));
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      if (url.length > SHOP_LOGO_MAX_CHARS)
        setErrors((current) => ({ ...current, logo_url: translate('app.shop_settings.logo_too_large') }));
      else set('logo_url')(url);
    };
    reader.readAsDataURL(file);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const { logo_url, ...rest } = changed;
    await put({
      ...rest,
      ...(logo_url !== undefined ? { logo_url: logo_url.trim() === '' ? null : logo_url.trim() } : {}),
    });
    // The top bar and every other reader of the public view take the new brand.
    await queryClient.invalidateQueries({ queryKey: PUBLIC_SHOP_KEY });
  };

  const text = (
    name: (typeof TEXT_FIELDS)[number],
    hint?: string,
    extra: { multiline?: boolean; type?: string } = {},
  ) => (
    <TextField
      label={translate(`app.shop_settings.${name}`)}
      value={fields?.[name] ?? ''}
      onChange={(event) => set(name)(event.target.value)}
      error={!!errors[name]}
      helperText={errors[name] ?? hint}
      multiline={extra.multiline}
      type={extra.type}
      slotProps={{ htmlInput: { name } }}
    />
  );

  return (
    <SettingsFormCard
      title={translate('app.shop_settings.identity_title')}
      hint={translate('app.shop_settings.identity_hint')}
      {...card}
      skeletonHeight={420}
      saveDisabled={busy || Object.keys(changed).length === 0}
      onSubmit={save}
    >
      {identity && !identity.legal_entity_complete ? (
        <Alert severity="warning">{translate('app.shop_settings.identity_incomplete')}</Alert>
      ) : null}
      <Typography variant="subtitle1" component="h3">
        {translate('app.shop_settings.brand_section')}
      </Typography>
      <Box sx={TWO_COLUMNS}>
        {text('brand_name')}
        <div />
        {text('support_email', undefined, { type: 'email' })}
        {text('support_phone')}
        <ColorField
          name="primary_color"
          label={translate('app.shop_settings.primary_color')}
          hint={translate('app.shop_settings.color_hint')}
          value={fields?.primary_color ?? ''}
          error={errors.primary_color}
          onChange={set('primary_color')}
        />
        <ColorField
          name="secondary_color"
          label={translate('app.shop_settings.secondary_color')}
          hint={translate('app.shop_settings.color_hint')}
          value={fields?.secondary_color ?? ''}
          error={errors.secondary_color}
          onChange={set('secondary_color')}
        />
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Box
          sx={{
            width: 96,
            height: 96,
            flex: 'none',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            display: 'grid',
            placeItems: 'center',
            overflow: 'hidden',
          }}
        >
          {fields?.logo_url ? (
            <Box
              component="img"
              src={fields.logo_url}
              alt={translate('app.shop_settings.logo_preview')}
              sx={{ maxWidth: '100%', maxHeight: '100%' }}
            />
          ) : null}
        </Box>
        <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
          <TextField
            label={translate('app.shop_settings.logo_url')}
            value={fields?.logo_url.startsWith('data:') ? `${fields.logo_url.slice(0, 40)}…` : (fields?.logo_url ?? '')}
            onChange={(event) => set('logo_url')(event.target.value)}
            error={!!errors.logo_url}
            helperText={errors.logo_url ?? translate('app.shop_settings.logo_hint')}
            slotProps={{ htmlInput: { name: 'logo_url', readOnly: true } }}
          />
          <Stack direction="row" spacing={1}>
            <Button component="label" variant="outlined" size="small">
              {translate('app.shop_settings.logo_upload')}
              <input hidden type="file" accept="image/png,image/svg+xml" onChange={pickLogo} />
            </Button>
            <Button size="small" disabled={!fields?.logo_url} onClick={() => set('logo_url')('')}>
              {translate('app.shop_settings.logo_remove')}
            </Button>
          </Stack>
        </Stack>
      </Stack>
      <Typography variant="subtitle1" component="h3">
        {translate('app.shop_settings.legal_section')}
      </Typography>
      <Box sx={TWO_COLUMNS}>
        {text('legal_name')}
        {text('tax_office')}
        {text('tax_number', translate('app.shop_settings.tax_number_hint'))}
        {text('mersis', translate('app.shop_settings.mersis_hint'))}
      </Box>
      {text('address', undefined, { multiline: true })}
    </SettingsFormCard>
  );
}
