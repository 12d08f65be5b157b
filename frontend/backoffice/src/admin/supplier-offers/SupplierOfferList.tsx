import { OFFER_SUPPLIERS } from '@esim/contracts';
import AddBoxIcon from '@mui/icons-material/AddBox';
import LinkIcon from '@mui/icons-material/Link';
import { Box, Button, Chip, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { DataTable, SimpleList, TopToolbar, useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatEuro } from '../../format';
import { EmptyState } from '../../layout/EmptyState';
import { ListPage } from '../../layout/ListPage';
import { PhoneOr } from '../../layout/PhoneList';
import { SearchInput, SelectInput, TextInput } from '../../layout/filterInputs';
import { PausedChip } from '../packages/PausedChip';
import { CreatePackageDialog } from './CreatePackageDialog';
import { MapPackageDialog } from './MapPackageDialog';
import { MarginRuleSummary } from './MarginRuleSummary';
import { countriesText, dataText, type Offer } from './offers';

/** The supplier's name as people write it. */
export function SupplierChip({ supplier }: { supplier: string }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      label={translate(`app.supplier_offers.suppliers.${supplier}`, { _: supplier })}
    />
  );
}

/** Gone from the supplier's list, or a top-up: an offer no new package is made from. */
function StateChips({ offer }: { offer: Offer }) {
  const translate = useTranslate();
  return (
    <>
      {offer.gone ? <Chip size="small" color="default" label={translate('app.supplier_offers.gone')} /> : null}
      {offer.top_up ? <Chip size="small" color="info" label={translate('app.supplier_offers.top_up')} /> : null}
    </>
  );
}

/** The package an offer is bought as, linked to it, with its state when it stopped selling. */
function MappedPackage({ offer }: { offer: Offer }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!offer.package)
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        {translate('app.supplier_offers.not_mapped')}
      </Typography>
    );
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <MuiLink
        component={Link}
        to={`/admin/packages/${encodeURIComponent(offer.package.id)}`}
        onClick={(event) => event.stopPropagation()}
      >
        <code>{offer.package.code}</code>
      </MuiLink>
      <Typography variant="caption" color="text.secondary" component="span">
        {locale === 'en' ? offer.package.name_en : offer.package.name_tr} · {formatEuro(offer.package.retail_price)}
      </Typography>
      <PausedChip reason={offer.package.paused_reason} />
    </Box>
  );
}

/** What can be done with an offer: make a package of it, or map it to a package the shop already sells. */
function OfferActions({ offer, onCreate, onMap }: { offer: Offer; onCreate: () => void; onMap: () => void }) {
  const translate = useTranslate();
  if (offer.mapped || offer.gone) return null;
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', gap: 1, flexWrap: 'wrap' }}
      onClick={(event) => event.stopPropagation()}
    >
      <Button size="small" variant="contained" startIcon={<AddBoxIcon />} onClick={onCreate}>
        {translate('app.supplier_offers.create')}
      </Button>
      <Button size="small" variant="outlined" startIcon={<LinkIcon />} onClick={onMap}>
        {translate('app.supplier_offers.map')}
      </Button>
    </Box>
  );
}

/**
 * The suppliers' packages the esim service syncs in every hour: unmapped ones first, each with its
 * net cost and the price the margin rule gives it, the package it is bought as, and the two ways to
 * sell it (a new package, or an existing one of the same countries, data and validity).
 */
export default function SupplierOfferList() {
  const translate = useTranslate();
  const unlimited = translate('app.admin_packages.unlimited');
  const [open, setOpen] = useState<{ offer: Offer; dialog: 'create' | 'map' } | null>(null);
  const yesNo = (yes: string, no: string) => [
    { id: 'true', name: translate(yes) },
    { id: 'false', name: translate(no) },
  ];
  const filters = [
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={translate('app.supplier_offers.search')}
      sx={{ minWidth: { sm: 260 } }}
    />,
    <SelectInput
      key="supplier"
      source="supplier"
      label="app.supplier_offers.supplier"
      alwaysOn
      choices={OFFER_SUPPLIERS.map((s) => ({ id: s, name: translate(`app.supplier_offers.suppliers.${s}`) }))}
    />,
    <SelectInput
      key="mapped"
      source="mapped"
      label="app.supplier_offers.mapping"
      alwaysOn
      choices={yesNo('app.supplier_offers.mapped', 'app.supplier_offers.unmapped')}
    />,
    <SelectInput
      key="gone"
      source="gone"
      label="app.supplier_offers.listing"
      choices={yesNo('app.supplier_offers.gone', 'app.supplier_offers.listed')}
    />,
    <SelectInput
      key="top_up"
      source="top_up"
      label="app.supplier_offers.kind"
      choices={yesNo('app.supplier_offers.top_up', 'app.supplier_offers.new_esim')}
    />,
    <TextInput
      key="country"
      source="country"
      label="app.supplier_offers.country"
      helperText={false}
      parse={(value: string) => value.trim().toUpperCase()}
      slotProps={{ htmlInput: { maxLength: 2 } }}
    />,
  ];
  const actionsOf = (r: RaRecord) => (
    <OfferActions
      offer={r as Offer}
      onCreate={() => setOpen({ offer: r as Offer, dialog: 'create' })}
      onMap={() => setOpen({ offer: r as Offer, dialog: 'map' })}
    />
  );
  return (
    <>
      <ListPage
        title={translate('app.menu.admin_supplier_offers')}
        filters={filters}
        actions={
          <TopToolbar sx={{ minHeight: { xs: 'auto' } }}>
            <MarginRuleSummary />
          </TopToolbar>
        }
        sort={{ field: 'mapped', order: 'ASC' }}
        perPage={25}
        exporter={false}
        empty={<EmptyState title="app.supplier_offers.empty" hint="app.supplier_offers.empty_hint" />}
      >
        <PhoneOr
          phone={
            <SimpleList
              rowClick={false}
              primaryText={(r: RaRecord) => r.name}
              secondaryText={(r: RaRecord) => (
                <>
                  {[
                    translate(`app.supplier_offers.suppliers.${r.supplier}`, { _: r.supplier }),
                    dataText(r.data_mb, unlimited),
                    translate('app.admin_packages.days', { smart_count: r.validity_days }),
                    countriesText(r.countries, 4),
                  ].join(' · ')}
                  <Box component="span" sx={{ display: 'flex', gap: 1, mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                    <StateChips offer={r as Offer} />
                    <MappedPackage offer={r as Offer} />
                    {actionsOf(r)}
                  </Box>
                </>
              )}
              tertiaryText={(r: RaRecord) => formatEuro(r.net_cost)}
            />
          }
        >
          <DataTable bulkActionButtons={false} rowClick={false}>
            <DataTable.Col
              source="name"
              label="app.supplier_offers.name"
              render={(r: RaRecord) => (
                <Stack spacing={0.5}>
                  <span>{r.name}</span>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
                    <SupplierChip supplier={r.supplier} />
                    <Typography variant="caption" color="text.secondary">
                      <code>{r.supplier_package_id}</code>
                    </Typography>
                    <StateChips offer={r as Offer} />
                  </Stack>
                </Stack>
              )}
            />
            <DataTable.Col
              source="countries"
              label="app.supplier_offers.countries"
              disableSort
              render={(r: RaRecord) => (
                <Typography variant="body2" title={(r.countries as string[]).join(', ')}>
                  {countriesText(r.countries)}
                </Typography>
              )}
            />
            <DataTable.Col
              source="data_mb"
              label="app.admin_packages.data"
              align="right"
              render={(r: RaRecord) => dataText(r.data_mb, unlimited)}
            />
            <DataTable.Col
              source="validity_days"
              label="app.admin_packages.validity"
              align="right"
              render={(r: RaRecord) => translate('app.admin_packages.days', { smart_count: r.validity_days })}
            />
            <DataTable.Col
              source="net_cost"
              label="app.supplier_offers.net_cost"
              align="right"
              render={(r: RaRecord) => formatEuro(r.net_cost)}
            />
            <DataTable.Col
              source="suggested_price"
              label="app.supplier_offers.suggested_price"
              align="right"
              disableSort
              render={(r: RaRecord) => formatEuro(r.suggested_price)}
            />
            <DataTable.Col
              source="mapped"
              label="app.supplier_offers.package"
              render={(r: RaRecord) => <MappedPackage offer={r as Offer} />}
            />
            <DataTable.Col label="app.sm.actions" disableSort render={actionsOf} />
          </DataTable>
        </PhoneOr>
      </ListPage>
      {open?.dialog === 'create' ? <CreatePackageDialog offer={open.offer} onClose={() => setOpen(null)} /> : null}
      {open?.dialog === 'map' ? <MapPackageDialog offer={open.offer} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
