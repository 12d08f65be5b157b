import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { act, fireEvent } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { createFixedI18n } from '../i18n/fixed';
import { Island, islandsHydrated, keepPrerenderedIslands } from './Island';

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  islandsHydrated();
  document.body.innerHTML = '';
});

let renders = 0;
function Rows({ label }: { label: string }) {
  renders++;
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      {label} {count}
    </button>
  );
}

const i18n = createFixedI18n('tr');
// `answer`: what the rows are drawn from (the prerendered answer, or a fresh one that differs).
const PRERENDERED = { label: 'server' };
const page = (label: string, answer: unknown = PRERENDERED) => (
  <I18nextProvider i18n={i18n}>
    <main>
      <Island id="rows" data={answer}>
        <Rows label={label} />
      </Island>
    </main>
  </I18nextProvider>
);

/** Prerenders `page` with the server's label, then hydrates it as the browser's start-up does. */
async function hydrate(label: string) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(page('server'));
  document.body.append(container);
  renders = 0;
  keepPrerenderedIslands(container);
  await act(async () => {
    root = hydrateRoot(container, page(label));
  });
  islandsHydrated();
  return container;
}

describe('Island', () => {
  it('keeps the prerendered markup while hydrating, without running the components under it', async () => {
    const container = await hydrate('client');
    expect(renders).toBe(0);
    expect(container.querySelector('[data-island="rows"] button')!.textContent).toBe('server 0');
  });

  it('renders its tree at the first tap elsewhere on the page', async () => {
    const container = await hydrate('client');
    await act(async () => {
      fireEvent.pointerDown(document.body);
    });
    expect(renders).toBeGreaterThan(0);
    expect(container.querySelector('button')!.textContent).toBe('client 0');
  });

  it('replays a click on the kept markup on the same control once rendered', async () => {
    const container = await hydrate('client');
    await act(async () => {
      fireEvent.click(container.querySelector('button')!);
    });
    expect(container.querySelector('button')!.textContent).toBe('client 1');
  });

  it('renders its tree once the answer it shows is another one', async () => {
    const container = await hydrate('client');
    await act(async () => {
      root!.render(page('fresh', { label: 'fresh' }));
    });
    expect(renders).toBeGreaterThan(0);
    expect(container.querySelector('button')!.textContent).toBe('fresh 0');
    // It stays rendered, also should the first answer come back.
    await act(async () => {
      root!.render(page('again'));
    });
    expect(container.querySelector('button')!.textContent).toBe('again 0');
  });

  it('keeps the markup through a render with the same answer', async () => {
    const container = await hydrate('client');
    await act(async () => {
      root!.render(page('client'));
    });
    expect(renders).toBe(0);
    expect(container.querySelector('button')!.textContent).toBe('server 0');
  });

  it('renders at once where nothing was prerendered (a page rendered in the browser)', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    keepPrerenderedIslands(container);
    renders = 0;
    const { createRoot } = await import('react-dom/client');
    await act(async () => {
      root = createRoot(container);
      root.render(page('client'));
    });
    expect(renders).toBeGreaterThan(0);
    expect(container.querySelector('button')!.textContent).toBe('client 0');
  });
});
