import { useEffect, useState } from 'react';

/**
 * The route-change bar's timeline: 10% at once, 60% at 100 ms, 90% at
 * 200 ms, 100% at the configured duration (default 300 ms), hidden 200 ms later.
 */
export function progressTimeline(duration = 300): Array<{ at: number; value: number; visible: boolean }> {
  return [
    { at: 0, value: 10, visible: true },
    { at: 100, value: 60, visible: true },
    { at: 200, value: 90, visible: true },
    { at: duration, value: 100, visible: true },
    { at: duration + 200, value: 100, visible: false },
  ];
}

/** Runs the timeline each time `key` changes (the path); the first render shows nothing. */
export function useRouteProgress(key: string, duration = 300): { value: number; visible: boolean } {
  const [state, setState] = useState({ value: 0, visible: false, key });
  useEffect(() => {
    if (state.key === key) return;
    const timers = progressTimeline(duration).map((step) =>
      setTimeout(() => setState({ value: step.value, visible: step.visible, key }), step.at),
    );
    return () => timers.forEach(clearTimeout);
  }, [key, duration]);
  return state;
}
