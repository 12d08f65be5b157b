import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { progressTimeline, useRouteProgress } from './progress';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('route-change progress bar', () => {
  it('10% at once, 60% at 100 ms, 90% at 200 ms, 100% at the duration, hidden 200 ms later', () => {
    const { result, rerender } = renderHook(({ path }) => useRouteProgress(path), { initialProps: { path: '/' } });
    expect(result.current).toMatchObject({ visible: false });
    rerender({ path: '/faq' });
    act(() => vi.advanceTimersByTime(0));
    expect(result.current).toMatchObject({ value: 10, visible: true });
    act(() => vi.advanceTimersByTime(99));
    expect(result.current.value).toBe(10);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.value).toBe(60);
    act(() => vi.advanceTimersByTime(100));
    expect(result.current.value).toBe(90);
    act(() => vi.advanceTimersByTime(100));
    expect(result.current).toMatchObject({ value: 100, visible: true });
    act(() => vi.advanceTimersByTime(199));
    expect(result.current.visible).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.visible).toBe(false);
  });

  it('the duration is configurable', () => {
    expect(progressTimeline(500).map((s) => s.at)).toEqual([0, 100, 200, 500, 700]);
    const { result, rerender } = renderHook(({ path }) => useRouteProgress(path, 1000), {
      initialProps: { path: '/' },
    });
    rerender({ path: '/about' });
    act(() => vi.advanceTimersByTime(999));
    expect(result.current.value).toBe(90);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.value).toBe(100);
  });
});
