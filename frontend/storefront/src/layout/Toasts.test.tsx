import { act, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import Toasts from './Toasts';
import { toastPlacement } from './toasts';

const realMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = realMatchMedia;
  act(() => toast.remove());
});

/** A screen `width` px wide, as matchMedia answers max-width queries. */
function screenWidth(width: number) {
  window.matchMedia = ((query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    return {
      matches: max ? width <= Number(max[1]) : false,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    };
  }) as unknown as typeof window.matchMedia;
}

describe('toasts on a phone', () => {
  it('sit at the top under the top bar, not over the buttons at the bottom right', () => {
    expect(toastPlacement(true)).toEqual({ position: 'top-center', containerStyle: { top: 64, left: 8, right: 8 } });
    expect(toastPlacement(false).position).toBe('bottom-right');
  });

  it.each([
    [390, 'top', 'bottom'],
    [1366, 'bottom', 'top'],
  ] as const)('at %i px a toast is anchored to the %s', async (width, anchored, notAnchored) => {
    screenWidth(width);
    render(<Toasts />);
    act(() => void toast.success('Kopyalandı'));
    const text = await screen.findByText('Kopyalandı');
    let wrapper: HTMLElement | null = text;
    while (wrapper && !wrapper.style.transform) wrapper = wrapper.parentElement;
    expect(wrapper?.style.getPropertyValue(anchored)).toBe('0px');
    expect(wrapper?.style.getPropertyValue(notAnchored)).toBe('');
  });
});
