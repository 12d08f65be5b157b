import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSIONS } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const desktopMatchMedia = window.matchMedia;

/** A 390 px wide screen: every `max-width` query at or above 390 px matches. */
function phoneScreen() {
  window.matchMedia = (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches = (!max || 390 <= Number(max[1])) && (!min || 390 >= Number(min[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    } as unknown as MediaQueryList;
  };
}

afterEach(() => {
  window.matchMedia = desktopMatchMedia;
});

describe('lists on a phone', () => {
  it('the price list is one row per package (name, details, price), not a wide table', async () => {
    phoneScreen();
    renderApp({ session: SESSIONS.dealer, path: '/price-list' });
    expect(await screen.findByText('Türkiye 1 GB')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText(/1 GB · 7 gün · TR/)).toBeInTheDocument();
    expect(screen.getByText('4,50 €')).toBeInTheDocument();
  });

  it('on a wide screen the same list is a sortable table', async () => {
    renderApp({ session: SESSIONS.dealer, path: '/price-list' });
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.getByText('Türkiye 1 GB')).toBeInTheDocument();
  });
});
