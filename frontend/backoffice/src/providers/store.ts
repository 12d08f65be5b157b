import { STORAGE_KEYS } from '@esim/contracts';
import { localStorageStore, type Store } from 'react-admin';

/** Below MUI's `sm` breakpoint: a phone. */
const phoneScreen = () => typeof window !== 'undefined' && !!window.matchMedia?.('(max-width: 599.95px)').matches;

/**
 * react-admin's store in localStorage, except the theme: that one lives under the key the
 * storefront uses too (plain 'light' / 'dark'), so the choice follows the user between the apps.
 * On a phone the menu starts closed whatever was stored (a menu left open would cover the page
 * the user came to see); once they toggle it, the stored state applies again.
 */
export function createStore(storage: Storage = window.localStorage, startsOnPhone: boolean = phoneScreen()): Store {
  const store = localStorageStore(undefined, 'esim-backoffice');
  let sidebarClosedAtStart = startsOnPhone;
  const readTheme = () => {
    const value = storage.getItem(STORAGE_KEYS.theme);
    return value === 'dark' || value === 'light' ? value : undefined;
  };
  return {
    ...store,
    getItem: <T>(key: string, defaultValue?: T): T => {
      if (key === 'theme') return (readTheme() ?? defaultValue) as T;
      if (key === 'sidebar.open' && sidebarClosedAtStart) return false as T;
      return store.getItem(key, defaultValue) as T;
    },
    setItem: <T>(key: string, value: T) => {
      if (key === 'sidebar.open') sidebarClosedAtStart = false;
      if (key === 'theme' && (value === 'light' || value === 'dark'))
        storage.setItem(STORAGE_KEYS.theme, value as string);
      store.setItem(key, value);
    },
  };
}
