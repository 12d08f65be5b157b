import { Box, Chip, ThemeProvider, Typography, type Theme } from '@mui/material';
import type { PublicShop } from '@esim/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, type ReactNode } from 'react';
import {
  AppBar as RaAppBar,
  Layout as RaLayout,
  LoadingIndicator,
  LocalesMenuButton,
  TitlePortal,
  ToggleThemeButton,
  usePermissions,
  useDataProvider,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { PUBLIC_SHOP_KEY } from '../admin/shop-settings/shopSettings';
import { formatEuro } from '../format';
import type { BackOfficeDataProvider } from '../providers/dataProvider';
import { useFigure, useRefreshFiguresOnRouteChange, type UserBalance } from '../providers/figures';
import { Menu } from './Menu';
import { useIsPhone } from './PhoneList';
import { withBrandPrimary } from './theme';

/** The spendable balance in the top bar (customers and dealers only). */
function BalanceChip() {
  const translate = useTranslate();
  const { data } = useFigure<UserBalance>('user/balance');
  if (!data) return null;
  return (
    <Chip
      component={Link}
      to="/balance"
      clickable
      color="default"
      sx={{ mr: 1, bgcolor: 'rgba(255,255,255,0.16)', color: 'inherit', display: { xs: 'none', sm: 'inline-flex' } }}
      label={`${translate('app.balance.available')}: ${formatEuro(data.available)}`}
    />
  );
}

/** The shop's brand (GET /public/shop), one query for the whole layout (the top bar and the colours). */
function usePublicShop() {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  return useQuery<PublicShop>({
    queryKey: PUBLIC_SHOP_KEY,
    queryFn: () => dataProvider.read<PublicShop>('public/shop'),
    staleTime: 30_000,
  });
}

/** The pages' primary colour is the identity's (its dark-mode variant in dark mode) once it is known. */
function BrandTheme({ children }: { children: ReactNode }) {
  const primary = usePublicShop().data?.brand?.primary_color;
  const theme = useCallback((outer: Theme) => withBrandPrimary(outer, primary), [primary]);
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}

/** The shop's brand (GET /public/shop): its logo and name at the start of the top bar; nothing until it is known. */
export function BrandMark() {
  const { data } = usePublicShop();
  // The top bar never breaks a page: without a brand in the answer it shows none.
  const brand = data?.brand;
  if (!brand) return null;
  return (
    // On a phone the top bar keeps its room for the page's title: the brand shows from tablet width.
    <Box
      sx={{ display: { xs: 'none', sm: 'flex' }, alignItems: 'center', gap: 1, mr: 2, flex: 'none' }}
      data-testid="brand-mark"
    >
      {brand.logo_url ? (
        <Box component="img" src={brand.logo_url} alt="" sx={{ height: 28, maxWidth: 96, objectFit: 'contain' }} />
      ) : null}
      <Typography
        component="span"
        variant="subtitle1"
        sx={{
          fontWeight: 700,
          whiteSpace: 'nowrap',
          display: 'inline',
        }}
      >
        {brand.name}
      </Typography>
    </Box>
  );
}

/**
 * react-admin's toolbar (language, theme, refresh), with the language as a short code on a phone
 * ("TR ▾" instead of "文A TÜRKÇE ▾"), so the page title keeps room in a 390 px wide bar.
 */
function Toolbar() {
  const phone = useIsPhone();
  return (
    <>
      {phone ? (
        <LocalesMenuButton
          icon={null}
          languages={[
            { locale: 'tr', name: 'TR' },
            { locale: 'en', name: 'EN' },
          ]}
        />
      ) : (
        <LocalesMenuButton />
      )}
      <ToggleThemeButton />
      <LoadingIndicator />
    </>
  );
}

function AppBar() {
  // The balance is the customer's (and dealer's) own money: an admin's top bar has none to show.
  const { permissions: role } = usePermissions<string>();
  return (
    <RaAppBar
      toolbar={<Toolbar />}
      sx={{
        '& #react-admin-title': { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
        // react-admin wraps the title in an inline-block, which an ellipsis cannot cut into: a long
        // title on a phone was clipped mid-word without one.
        '& #react-admin-title > .RaConfigurable-root': { display: 'inline' },
      }}
    >
      <BrandMark />
      <TitlePortal />
      {role === 'user' ? <BalanceChip /> : null}
    </RaAppBar>
  );
}

function FiguresRefresher() {
  useRefreshFiguresOnRouteChange();
  return null;
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <BrandTheme>
      <RaLayout
        appBar={AppBar}
        menu={Menu}
        // On a phone a wide table scrolls inside its card instead of widening the whole page. The table
        // scrolls, not the list's card: a card that scrolls would clip the bulk-action bar, which
        // react-admin draws just above it (over the list's toolbar) when rows are ticked.
        sx={{
          minWidth: 0,
          '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content, & .list-page, & .RaList-content':
            {
              minWidth: 0,
            },
          '& .RaList-main, & .RaDataTable-tableWrapper, & .MuiTableContainer-root': { minWidth: 0, overflowX: 'auto' },
          // A phone list's figure on the right (amount, price) is as legible as its title, not greyed.
          '& .RaSimpleList-tertiary.RaSimpleList-tertiary': { opacity: 1, fontWeight: 500, ml: 1 },
          // On a phone the create button floats 60 px above the bottom (56 px tall): the list ends below
          // it, so its last row can scroll clear of the button instead of hiding under it.
          '& .list-page:has(.RaCreateButton-floating)': { pb: '128px' },
        }}
      >
        <FiguresRefresher />
        {children}
      </RaLayout>
    </BrandTheme>
  );
}
