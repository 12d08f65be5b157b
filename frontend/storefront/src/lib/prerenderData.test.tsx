import { useRef } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../test/render';
import { PRERENDER_DATA_ID, prerenderDataScript } from './prerenderData';
import { useApi } from './useApi';

afterEach(() => vi.unstubAllGlobals());

const seller = { name: 'Demo Seyahat Ltd.', email: 'destek@seyahat.test' };
const country = { slug: 'usa', packages: [{ id: 'US-7D-3GB' }] };

/** What a component read of a path at its first render (a part of the page hydrating) and now. */
function Reader({ path, name }: { path: string; name: string }) {
  const { data } = useApi<Record<string, unknown>>(path);
  const first = useRef(data);
  return <p data-testid={name}>{`${JSON.stringify(first.current) ?? 'none'}|${data ? 'loaded' : 'loading'}`}</p>;
}

describe('answers a prerendered page carries', () => {
  it('stay for a part of the page that hydrates after the fresh answer came, when it says the same; one that changed is forgotten', async () => {
    // The page's JSON block, as the prerender writes it: the browser's reader takes it from the document.
    document.body.insertAdjacentHTML(
      'beforeend',
      prerenderDataScript({
        lng: 'tr',
        answers: { '/public/seller': seller, '/public/countries/usa/packages': country },
      }),
    );
    expect(document.getElementById(PRERENDER_DATA_ID)).not.toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        // The catalog's answer names packages by the database's ids, not the prerender's codes.
        const data = url.endsWith('/seller') ? seller : { slug: 'usa', packages: [{ id: 'b3f1c0de' }] };
        return new Response(JSON.stringify({ success: true, code: 'ok', message: 'ok', data }), { status: 200 });
      }),
    );
    const first = renderPage(
      <>
        <Reader path="/public/seller" name="page" />
        <Reader path="/public/countries/usa/packages" name="list" />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('page')).toHaveTextContent('loaded'));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    first.unmount();
    // The footer (a lazy chunk) hydrates later: it starts from the same seller the HTML was made with.
    renderPage(
      <>
        <Reader path="/public/seller" name="footer" />
        <Reader path="/public/countries/usa/packages" name="later-list" />
      </>,
    );
    expect(screen.getByTestId('footer')).toHaveTextContent(JSON.stringify(seller));
    expect(screen.getByTestId('later-list')).toHaveTextContent(/^none\|loading$/);
  });
});
