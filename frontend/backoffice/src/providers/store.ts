import { STORAGE_KEYS } from '@esim/contracts';
import { localStorageStore, type Store } from 'react-admin';

/**
 * react-admin's store in localStorage, except the theme: that one lives under the key the
 * storefront uses too (plain 'light' / 'dark'), so the choice follows the user between the apps.
 */
export function createStore(storage: Storage = window.localStorage): Store {
  const store = localStorageStore(undefined, 'esim-backoffice');
  const readTheme = () => {
    const value = storage.getItem(STORAGE_KEYS.theme);
    return value === 'dark' || value === 'light' ? value : undefined;
  };
  return {
    ...store,
    getItem: <T,>(key: string, defaultValue?: T): T => (key === 'theme' ? ((readTheme() ?? defaultValue) as T) : (store.getItem(key, defaultValue) as T)),
    setItem: <T,>(key: string, value: T) => {
      if (key === 'theme' && (value === 'light' || value === 'dark')) storage.setItem(STORAGE_KEYS.theme, value as string);
      store.setItem(key, value);
    },
  };
}
