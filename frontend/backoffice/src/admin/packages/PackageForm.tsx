import type { Locale } from '@esim/contracts';
import { NETWORKS, PACKAGE_KINDS, PACKAGE_TYPES, VALIDITY_STARTS } from '@esim/contracts';
import { Box } from '@mui/material';
import type { ReactElement } from 'react';
import {
  AutocompleteArrayInput,
  BooleanInput,
  maxLength,
  maxValue,
  minValue,
  number,
  NumberInput,
  ReferenceArrayInput,
  regex,
  required,
  SelectInput,
  SimpleForm,
  TextInput,
  useLocaleState,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { FeaturesInput } from '../../layout/FeaturesInput';
import { coveredOperators, OperatorsInput } from './OperatorsInput';
import { costProblem, eurosOf, priceProblem, pricesChanged, priceText } from './prices';

/** The fields the catalog takes on a package (POST and PUT /admin/packages); the kind only when creating. */
const EDITABLE = [
  'code',
  'name_tr',
  'name_en',
  'type',
  'countries',
  'data_mb',
  'validity_days',
  'retail_price',
  'cost_price',
  'recommended',
  'features',
  'active',
  'provider_ref',
  'network',
  'hotspot',
  'validity_start',
  'operators',
] as const;

/** The form's values as the catalog takes them: prices in euros, blanks as null (unlimited data, no provider reference). */
export function packagePayload(
  data: Record<string, unknown>,
  options: { creating?: boolean } = {},
): Record<string, unknown> {
  const keys: readonly string[] = options.creating ? [...EDITABLE, 'kind'] : EDITABLE;
  const out: Record<string, unknown> = {};
  for (const key of keys) if (key in data) out[key] = data[key];
  if ('retail_price' in out) out.retail_price = eurosOf(out.retail_price);
  if ('cost_price' in out) out.cost_price = eurosOf(out.cost_price);
  if (out.data_mb === '' || out.data_mb === undefined) out.data_mb = null;
  if (typeof out.provider_ref === 'string' && out.provider_ref.trim() === '') out.provider_ref = null;
  // A country taken off the list takes its operators with it.
  if ('operators' in out) out.operators = coveredOperators(out.operators, out.countries ?? data.countries);
  return out;
}

const CODE = /^[A-Za-z0-9][A-Za-z0-9-]{1,39}$/;

/** A package's fields: what it is (code, names, kind, type, countries), what it gives (data, days) and what it costs. */
export function PackageForm({ creating, toolbar }: { creating?: boolean; toolbar?: ReactElement }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const lang = (locale === 'en' ? 'en' : 'tr') as Locale;
  const record = useRecordContext();
  // The cost is judged against the retail price when either changes, as the catalog does: a package
  // paused because its cost rose above its price still saves its other fields.
  const price = (kind: 'retail' | 'cost') => [
    required(),
    (value: unknown, values: Record<string, unknown>) =>
      priceProblem(value, kind, lang) ??
      (kind === 'cost' && pricesChanged(record, values) ? costProblem(values.retail_price, value, lang) : undefined),
  ];
  return (
    <SimpleForm
      toolbar={toolbar}
      defaultValues={
        creating
          ? {
              kind: 'esim',
              type: 'local',
              active: true,
              recommended: false,
              features: [],
              network: '4G',
              hotspot: true,
              validity_start: 'first_connection',
              operators: [],
            }
          : undefined
      }
    >
      <Box
        sx={{
          display: 'grid',
          gap: { sm: 2 },
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          width: '100%',
          maxWidth: 900,
        }}
      >
        <TextInput
          source="code"
          label="app.admin_packages.code"
          validate={[required(), regex(CODE, 'app.admin_packages.code_invalid')]}
          helperText="app.admin_packages.code_hint"
        />
        <SelectInput
          source="kind"
          label="app.admin_packages.kind"
          disabled={!creating}
          helperText={creating ? 'app.admin_packages.kind_hint' : 'app.admin_packages.kind_fixed'}
          choices={PACKAGE_KINDS.map((kind) => ({ id: kind, name: translate(`app.admin_packages.kinds.${kind}`) }))}
          validate={required()}
        />
        <TextInput source="name_tr" label="app.admin_packages.name_tr" validate={[required(), maxLength(120)]} />
        <TextInput source="name_en" label="app.admin_packages.name_en" validate={[required(), maxLength(120)]} />
        <SelectInput
          source="type"
          label="app.admin_packages.type"
          choices={PACKAGE_TYPES.map((type) => ({ id: type, name: translate(`app.admin_packages.types.${type}`) }))}
          validate={required()}
        />
        <ReferenceArrayInput
          source="countries"
          reference="admin/countries"
          perPage={50}
          sort={{ field: lang === 'en' ? 'name_en' : 'name_tr', order: 'ASC' }}
        >
          <AutocompleteArrayInput
            label="app.admin_packages.countries"
            optionText={(r: RaRecord) => `${lang === 'en' ? r.name_en : r.name_tr} (${r.code})`}
            filterToQuery={(q: string) => ({ q })}
            validate={required()}
            helperText="app.admin_packages.countries_hint"
          />
        </ReferenceArrayInput>
        <NumberInput
          source="data_mb"
          label="app.admin_packages.data_mb"
          helperText="app.admin_packages.data_mb_hint"
          validate={[number(), minValue(1), maxValue(10_000_000)]}
        />
        <NumberInput
          source="validity_days"
          label="app.admin_packages.validity_days"
          validate={[required(), number(), minValue(1), maxValue(3650)]}
        />
        <TextInput
          source="retail_price"
          label="app.admin_packages.retail_price"
          format={priceText}
          validate={price('retail')}
          slotProps={{ input: { endAdornment: <span>€</span> }, htmlInput: { inputMode: 'decimal' } }}
        />
        <TextInput
          source="cost_price"
          label="app.admin_packages.cost_price"
          format={priceText}
          validate={price('cost')}
          helperText="app.admin_packages.cost_hint"
          slotProps={{ input: { endAdornment: <span>€</span> }, htmlInput: { inputMode: 'decimal' } }}
        />
        <TextInput
          source="provider_ref"
          label="app.admin_packages.provider_ref"
          helperText="app.admin_packages.provider_ref_hint"
        />
        <SelectInput
          source="network"
          label="app.admin_packages.network"
          choices={NETWORKS.map((network) => ({ id: network, name: network }))}
          validate={required()}
        />
        <SelectInput
          source="validity_start"
          label="app.admin_packages.validity_start"
          choices={VALIDITY_STARTS.map((start) => ({
            id: start,
            name: translate(`app.admin_packages.validity_starts.${start}`),
          }))}
          validate={required()}
        />
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <BooleanInput source="active" label="app.admin_packages.active" />
          <BooleanInput source="recommended" label="app.admin_packages.recommended" />
          <BooleanInput source="hotspot" label="app.admin_packages.hotspot" />
        </Box>
      </Box>
      <OperatorsInput />
      <FeaturesInput heading="app.admin_packages.features" />
    </SimpleForm>
  );
}
