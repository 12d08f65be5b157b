import { Chip } from '@mui/material';
import type { ReactNode } from 'react';
import { AppBar as RaAppBar, Layout as RaLayout, TitlePortal, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatEuro } from '../format';
import { useFigure, useFiguresEnabled, useRefreshFiguresOnRouteChange, type UserBalance } from '../providers/figures';
import { Menu } from './Menu';

/** The spendable balance in the top bar (customers and admins; never fetched for a sales manager). */
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

function AppBar() {
  const figures = useFiguresEnabled();
  return (
    <RaAppBar>
      <TitlePortal />
      {figures ? <BalanceChip /> : null}
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
      }}
    >
      <FiguresRefresher />
      {children}
    </RaLayout>
  );
}
