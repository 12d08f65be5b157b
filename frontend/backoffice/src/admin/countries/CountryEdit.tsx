import type { Locale } from '@esim/contracts';
import { COVERAGE_STATUSES } from '@esim/contracts';
import { Box, Typography } from '@mui/material';
import {
  Edit,
  SaveButton,
  Toolbar,
  maxLength,
  maxValue,
  minValue,
  number,
  NumberInput,
  required,
  SelectInput,
  SimpleForm,
  TextInput,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { FeaturesInput } from '../../layout/FeaturesInput';
import { eurosOf, priceProblem, priceText } from '../packages/prices';

/** What the catalog takes on a country (PUT /admin/countries/:id): blanks as null, the daily price in euros. */
export function countryPayload(data: Record<string, unknown>): Record<string, unknown> {
  const blank = (value: unknown) => value === '' || value === undefined || value === null;
  return {
    coverage_status: data.coverage_status,
    daily_price: blank(data.daily_price) ? null : eurosOf(data.daily_price),
    speed: typeof data.speed === 'string' && data.speed.trim() !== '' ? data.speed.trim() : null,
    features: data.features ?? [],
    featured_order: blank(data.featured_order) ? null : data.featured_order,
    quick_order: blank(data.quick_order) ? null : data.quick_order,
  };
}

function Heading() {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  if (!record) return null;
  return (
    <Typography variant="h6" component="h1" sx={{ mb: 1 }}>
      {locale === 'en' ? record.name_en : record.name_tr} ({record.code})
    </Typography>
  );
}

/** A country's coverage, daily price, speed, features and home-page order; the storefront shows them on its next load. */
export default function CountryEdit() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const lang = (locale === 'en' ? 'en' : 'tr') as Locale;
  return (
    <Edit
      title={translate('app.admin_countries.edit_title')}
      mutationMode="pessimistic"
      redirect="list"
      transform={countryPayload}
    >
      {/* Save only: countries are reference data, never deleted. */}
      <SimpleForm
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <Heading />
        <Box
          sx={{
            display: 'grid',
            gap: { sm: 2 },
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
            width: '100%',
            maxWidth: 900,
          }}
        >
          <SelectInput
            source="coverage_status"
            label="app.admin_countries.coverage_status"
            choices={COVERAGE_STATUSES.map((s) => ({ id: s, name: translate(`app.admin_countries.coverage.${s}`) }))}
            validate={required()}
          />
          <TextInput
            source="daily_price"
            label="app.admin_countries.daily_price"
            format={priceText}
            validate={(value: unknown) => priceProblem(value, 'cost', lang)}
            helperText="app.admin_countries.daily_price_hint"
            slotProps={{ input: { endAdornment: <span>€</span> }, htmlInput: { inputMode: 'decimal' } }}
          />
          <TextInput
            source="speed"
            label="app.admin_countries.speed"
            helperText="app.admin_countries.speed_hint"
            validate={maxLength(50)}
          />
          <span />
          <NumberInput
            source="featured_order"
            label="app.admin_countries.featured_order"
            helperText="app.admin_countries.featured_order_hint"
            validate={[number(), minValue(1), maxValue(999)]}
          />
          <NumberInput
            source="quick_order"
            label="app.admin_countries.quick_order"
            helperText="app.admin_countries.quick_order_hint"
            validate={[number(), minValue(1), maxValue(999)]}
          />
        </Box>
        <FeaturesInput heading="app.admin_countries.features" />
      </SimpleForm>
    </Edit>
  );
}
