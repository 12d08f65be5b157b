import { useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import { useTranslation } from 'react-i18next';
import { Flag } from '../features/flags/Flag';
import { LANGUAGES } from '../i18n';

const FLAG_OF = { tr: 'tr', en: 'gb' } as const;

/** English/Turkish with flags; the choice is cached in local storage by the detector. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = (i18n.resolvedLanguage ?? 'tr') as keyof typeof FLAG_OF;
  return (
    <>
      <Button
        color="inherit"
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={`${t('nav.language')}: ${t(`languages.${current}`)}`}
        aria-haspopup="menu"
        startIcon={<Flag code={FLAG_OF[current]} size={20} />}
        sx={{ minWidth: 0, px: 1 }}
      >
        {current.toUpperCase()}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((lng) => (
          <MenuItem
            key={lng}
            selected={lng === current}
            lang={lng}
            onClick={() => {
              setAnchor(null);
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
    </>
  );
}
