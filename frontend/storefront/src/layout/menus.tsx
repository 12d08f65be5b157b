import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { homeOf, useAuth } from '../auth/AuthContext';
import { Flag } from '../ui/Flag';
import { LANGUAGES } from '../i18n/options';
import { FLAG_OF } from './LanguageSwitcher';

/** The top bar's drop-down menus, loaded when one is first opened. */
interface MenuProps {
  /** Null while closed (the menu stays mounted after its first opening, so closing animates). */
  anchor: HTMLElement | null;
  onClose: () => void;
}

export function LanguageMenu({ anchor, onClose }: MenuProps) {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? 'tr';
  return (
    <Menu anchorEl={anchor} open={!!anchor} onClose={onClose}>
      {LANGUAGES.map((lng) => (
        <MenuItem
          key={lng}
          selected={lng === current}
          lang={lng}
          onClick={() => {
            onClose();
            void i18n.changeLanguage(lng);
          }}
        >
          <ListItemIcon>
            <Flag code={FLAG_OF[lng]} size={20} />
          </ListItemIcon>
          {t(`languages.${lng}`)}
        </MenuItem>
      ))}
    </Menu>
  );
}

export function AccountMenu({ anchor, onClose }: MenuProps) {
  const { t } = useTranslation();
  const { user, logout } = useAuth();
  if (!user) return null;
  return (
    <Menu anchorEl={anchor} open={!!anchor} onClose={onClose}>
      <MenuItem component="a" href={homeOf(user)} onClick={onClose}>
        {t('nav.dashboard')}
      </MenuItem>
      <MenuItem
        onClick={() => {
          onClose();
          void logout();
        }}
      >
        {t('nav.logout')}
      </MenuItem>
    </Menu>
  );
}
