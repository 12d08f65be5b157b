import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyWhenVisible } from './whenVisible';

/** A stand-in for the browser's IntersectionObserver that the test tells when the element shows. */
class ControlledObserver {
  static instances: ControlledObserver[] = [];
  observed: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    ControlledObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.observed = [];
  }
  show() {
    this.callback(
      this.observed.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
      this as unknown as IntersectionObserver,
    );
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  ControlledObserver.instances = [];
  document.body.innerHTML = '';
});

const Part = () => <p>footer content</p>;

describe('lazyWhenVisible', () => {
  it('loads the code of a prerendered part only once it comes near the screen', async () => {
    vi.stubGlobal('IntersectionObserver', ControlledObserver);
    document.body.innerHTML = '<div data-hydrate-when-visible="part"><p>server markup</p></div>';
    const load = vi.fn(async () => ({ default: Part }));
    const Lazy = lazyWhenVisible('part', load);
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Lazy />
      </Suspense>,
    );
    await act(async () => {});
    expect(load).not.toHaveBeenCalled();
    await act(async () => ControlledObserver.instances[0]!.show());
    expect(load).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('footer content')).toBeInTheDocument();
  });

  it('loads at once when the page has no prerendered markup for it', async () => {
    vi.stubGlobal('IntersectionObserver', ControlledObserver);
    const load = vi.fn(async () => ({ default: Part }));
    const Lazy = lazyWhenVisible('part', load);
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Lazy />
      </Suspense>,
    );
    expect(await screen.findByText('footer content')).toBeInTheDocument();
    expect(ControlledObserver.instances).toHaveLength(0);
  });
});
