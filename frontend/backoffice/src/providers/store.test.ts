import { afterEach, describe, expect, it } from 'vitest';
import { createStore } from './store';

afterEach(() => window.localStorage.clear());

describe('back-office store', () => {
  it('starts with the menu closed on a phone whatever was stored, then keeps what the user toggles', () => {
    const before = createStore(window.localStorage, false);
    before.setup();
    before.setItem('sidebar.open', true);
    expect(before.getItem('sidebar.open')).toBe(true);

    const phone = createStore(window.localStorage, true);
    phone.setup();
    expect(phone.getItem('sidebar.open', true)).toBe(false);
    phone.setItem('sidebar.open', true);
    expect(phone.getItem('sidebar.open')).toBe(true);
  });

  it('keeps the theme under the storefront key', () => {
    const store = createStore(window.localStorage, false);
    store.setup();
    store.setItem('theme', 'dark');
    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(store.getItem('theme')).toBe('dark');
  });
});
