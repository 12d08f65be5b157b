import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { homeOf, useAuth } from '../auth/AuthContext';
import { MOBILE_EXTRA, NAV_ITEMS } from './nav';

/** The mobile menu (a drawer from the right); loaded on its first opening. */
export default function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { user, logout } = useAuth();
  const { pathname } = useLocation();
  return (
    <Drawer anchor="right" open={open} onClose={onClose}>
      <Box sx={{ width: 280 }} role="navigation">
        <Box sx={{ display: 'flex', alignItems: 'center', p: 1, pl: 2 }}>
          <Typography sx={{ flexGrow: 1, fontWeight: 700 }}>{t('brand')}</Typography>
          <IconButton onClick={onClose} aria-label={t('nav.closeMenu')}>
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
  );
}
