import { lazy, Suspense, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuIcon from '@mui/icons-material/Menu';
import DarkModeIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeIcon from '@mui/icons-material/LightModeOutlined';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import SimCardIcon from '@mui/icons-material/SimCardOutlined';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/AuthContext';
import { useThemeMode } from '../theme/theme';
import { LanguageSwitcher } from './LanguageSwitcher';
import { NAV_ITEMS } from './nav';
import { useShop } from '../lib/brand';

// Menus and the mobile drawer are not on the first screen: their code comes when first opened.
const MobileMenu = lazy(() => import('./MobileMenu'));
const AccountMenu = lazy(() => import('./menus').then((m) => ({ default: m.AccountMenu })));

/**
 * True once the page has scrolled past `threshold` px (the bar turns white). An observer watches a
 * marker that far down the page: reading `window.scrollY` makes the browser lay the page out at
 * once, which at mount falls in the middle of hydrating, and a scroll listener runs on every scroll.
 */
export function useScrolledPast(threshold = 20): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return; // jsdom
    const marker = document.createElement('div');
    marker.setAttribute('aria-hidden', 'true');
    marker.style.cssText = `position:absolute;top:${threshold}px;left:0;width:1px;height:1px;pointer-events:none`;
    document.body.append(marker);
    const observer = new IntersectionObserver(([entry]) =>
      setPast(!entry!.isIntersecting && entry!.boundingClientRect.top < 0),
    );
    observer.observe(marker);
    return () => {
      observer.disconnect();
      marker.remove();
    };
  }, [threshold]);
  return past;
}

function UserMenu() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [loaded, setLoaded] = useState(false);
  if (!user) return null;
  return (
    <>
      <Button
        color="inherit"
        onClick={(e) => {
          setLoaded(true);
          setAnchor(e.currentTarget);
        }}
        startIcon={<AccountCircleIcon />}
        aria-haspopup="menu"
        sx={{ maxWidth: 200 }}
      >
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {user.full_name || t('nav.account')}
        </Box>
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <AccountMenu anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}

export function TopBar() {
  const { t } = useTranslation();
  // The shop's logo beside its name, when the admin has set one (the name comes through t('brand')).
  const logo = useShop()?.brand?.logo_url;
  const { user } = useAuth();
  const { mode, toggle } = useThemeMode();
  const scrolled = useScrolledPast(20);
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing still animates.
  const [menuLoaded, setMenuLoaded] = useState(false);
  const { pathname } = useLocation();
  // The mobile menu closes on every route change.
  useEffect(() => setOpen(false), [pathname]);

  const solid = scrolled;
  return (
    // A plain fixed header (what AppBar renders, without Paper and AppBar in the first load).
    <Box
      component="header"
      className="mui-fixed"
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        zIndex: 'appBar',
        display: 'flex',
        flexDirection: 'column',
        boxShadow: solid ? 2 : 0,
        bgcolor: solid ? 'background.paper' : 'hero.main',
        color: solid ? 'text.primary' : '#fff',
        transition: 'background-color 200ms ease, color 200ms ease',
      }}
    >
      {/* Toolbar's layout (56 px, 64 px from sm) without the component. */}
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          position: 'relative',
          minHeight: { xs: 56, sm: 64 },
          px: { xs: 2, sm: 3 },
          gap: 1,
          maxWidth: 1280,
          width: '100%',
          mx: 'auto',
          boxSizing: 'border-box',
        }}
      >
        <Button
          component={RouterLink}
          to="/"
          color="inherit"
          startIcon={
            logo ? <Box component="img" src={logo} alt="" sx={{ height: 24, maxWidth: 72 }} /> : <SimCardIcon />
          }
          sx={{ fontSize: '1.15rem', fontWeight: 700, mr: 1, flexShrink: 0 }}
        >
          {t('brand')}
        </Button>
        <Box
          component="nav"
          aria-label={t('nav.menu')}
          sx={{ display: { xs: 'none', lg: 'flex' }, gap: 0.5, flexGrow: 1 }}
        >
          {NAV_ITEMS.map((item) => (
            <Button
              key={item.to}
              component={RouterLink}
              to={item.to}
              color="inherit"
              aria-current={pathname === item.to ? 'page' : undefined}
            >
              {t(`nav.${item.key}`)}
            </Button>
          ))}
        </Box>
        <Box sx={{ flexGrow: { xs: 1, lg: 0 } }} />
        <LanguageSwitcher />
        <IconButton
          color="inherit"
          onClick={toggle}
          aria-label={mode === 'light' ? t('nav.themeDark') : t('nav.themeLight')}
        >
          {mode === 'light' ? <DarkModeIcon /> : <LightModeIcon />}
        </IconButton>
        <Box sx={{ display: { xs: 'none', md: 'flex' }, gap: 1, alignItems: 'center' }}>
          {user ? (
            <UserMenu />
          ) : (
            <>
              <Button component={RouterLink} to="/login" color="inherit">
                {t('nav.login')}
              </Button>
              <Button component={RouterLink} to="/register" variant="contained" color="secondary">
                {t('nav.signup')}
              </Button>
            </>
          )}
        </Box>
        <IconButton
          color="inherit"
          edge="end"
          onClick={() => {
            setMenuLoaded(true);
            setOpen(true);
          }}
          aria-label={t('nav.menu')}
          sx={{ display: { lg: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
      </Box>
      {menuLoaded && (
        <Suspense fallback={null}>
          <MobileMenu open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
