import { Chip } from '@mui/material';
import type { ReactNode } from 'react';
import {
  AppBar as RaAppBar,
  Layout as RaLayout,
  LoadingIndicator,
  LocalesMenuButton,
  TitlePortal,
  ToggleThemeButton,
  usePermissions,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { formatEuro } from '../format';
import { useFigure, useRefreshFiguresOnRouteChange, type UserBalance } from '../providers/figures';
import { Menu } from './Menu';
import { useIsPhone } from './PhoneList';

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
    <RaLayout
      appBar={AppBar}
      menu={Menu}
      // On a phone a wide table scrolls inside its card instead of widening the whole page.
      sx={{
        minWidth: 0,
        '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content, & .list-page': { minWidth: 0 },
        '& .RaList-main, & .RaList-content, & .MuiTableContainer-root': { minWidth: 0, overflowX: 'auto' },
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
  );
}
