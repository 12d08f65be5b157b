import { useEffect, useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import CloseIcon from '@mui/icons-material/Close';
import DarkModeIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeIcon from '@mui/icons-material/LightModeOutlined';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import SimCardIcon from '@mui/icons-material/SimCardOutlined';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuth, homeOf } from '../auth/AuthContext';
import { useThemeMode } from '../theme/theme';
import { LanguageSwitcher } from './LanguageSwitcher';

export const NAV_ITEMS = [
  { to: '/quick-guide', key: 'quickGuide' },
  { to: '/faq', key: 'faq' },
  { to: '/why-esim', key: 'whyUs' },
  { to: '/about', key: 'about' },
  { to: '/partnership', key: 'partnership' },
  { to: '/euicc', key: 'euicc' },
] as const;
const MOBILE_EXTRA = [
  { to: '/packages', key: 'packages' },
  { to: '/coverage', key: 'coverage' },
  { to: '/balance', key: 'balance' },
  { to: '/trip-planner', key: 'tripPlanner' },
] as const;

/** True once the page has scrolled past `threshold` px (the bar turns white, spec section 2). */
export function useScrolledPast(threshold = 20): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return past;
}

function UserMenu() {
  const { t } = useTranslation();
  const { user, logout } = useAuth();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!user) return null;
  return (
    <>
      <Button color="inherit" onClick={(e) => setAnchor(e.currentTarget)} startIcon={<AccountCircleIcon />} aria-haspopup="menu" sx={{ maxWidth: 200 }}>
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {user.full_name || t('nav.account')}
        </Box>
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem component="a" href={homeOf(user)} onClick={() => setAnchor(null)}>
          {t('nav.dashboard')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void logout();
          }}
        >
          {t('nav.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}

export function TopBar() {
  const { t } = useTranslation();
  const { user, logout } = useAuth();
  const { mode, toggle } = useThemeMode();
  const scrolled = useScrolledPast(20);
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // The mobile menu closes on every route change.
  useEffect(() => setOpen(false), [pathname]);

  const solid = scrolled;
  return (
    <AppBar
      position="fixed"
      elevation={solid ? 2 : 0}
      sx={{
        bgcolor: solid ? 'background.paper' : 'primary.dark',
        color: solid ? 'text.primary' : '#fff',
        transition: 'background-color 200ms ease, color 200ms ease',
      }}
    >
      <Toolbar sx={{ gap: 1, maxWidth: 1280, width: '100%', mx: 'auto' }}>
        <Button component={RouterLink} to="/" color="inherit" startIcon={<SimCardIcon />} sx={{ fontSize: '1.15rem', fontWeight: 700, mr: 1, flexShrink: 0 }}>
          {t('brand')}
        </Button>
        <Box component="nav" aria-label={t('nav.menu')} sx={{ display: { xs: 'none', lg: 'flex' }, gap: 0.5, flexGrow: 1 }}>
          {NAV_ITEMS.map((item) => (
            <Button key={item.to} component={RouterLink} to={item.to} color="inherit" aria-current={pathname === item.to ? 'page' : undefined}>
              {t(`nav.${item.key}`)}
            </Button>
          ))}
        </Box>
        <Box sx={{ flexGrow: { xs: 1, lg: 0 } }} />
        <LanguageSwitcher />
        <IconButton color="inherit" onClick={toggle} aria-label={mode === 'light' ? t('nav.themeDark') : t('nav.themeLight')}>
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
        <IconButton color="inherit" edge="end" onClick={() => setOpen(true)} aria-label={t('nav.menu')} sx={{ display: { lg: 'none' } }}>
          <MenuIcon />
        </IconButton>
      </Toolbar>
      <Drawer anchor="right" open={open} onClose={() => setOpen(false)}>
        <Box sx={{ width: 280 }} role="navigation">
          <Box sx={{ display: 'flex', alignItems: 'center', p: 1, pl: 2 }}>
            <Typography sx={{ flexGrow: 1, fontWeight: 700 }}>{t('brand')}</Typography>
            <IconButton onClick={() => setOpen(false)} aria-label={t('nav.closeMenu')}>
              <CloseIcon />
            </IconButton>
          </Box>
          <Divider />
          <List>
            {[...MOBILE_EXTRA, ...NAV_ITEMS].map((item) => (
              <ListItemButton key={item.to} component={RouterLink} to={item.to} selected={pathname === item.to}>
                <ListItemText primary={t(`nav.${item.key}`)} />
              </ListItemButton>
            ))}
          </List>
          <Divider />
          <List>
            {user ? (
              <>
                <ListItemButton component="a" href={homeOf(user)}>
                  <ListItemText primary={t('nav.dashboard')} secondary={user.full_name || t('nav.account')} />
                </ListItemButton>
                <ListItemButton onClick={() => void logout()}>
                  <ListItemText primary={t('nav.logout')} />
                </ListItemButton>
              </>
            ) : (
              <>
                <ListItemButton component={RouterLink} to="/login">
                  <ListItemText primary={t('nav.login')} />
                </ListItemButton>
                <ListItemButton component={RouterLink} to="/register">
                  <ListItemText primary={t('nav.signup')} />
                </ListItemButton>
              </>
            )}
          </List>
        </Box>
      </Drawer>
    </AppBar>
  );
}
