import { lazy, type ComponentType } from 'react';

/**
 * A lazy component whose code loads only once its prerendered markup (the element marked
 * `data-hydrate-when-visible="<id>"`) comes near the screen, or at the visitor's first tap, click
 * or key (a language or theme switch re-renders it, and a tab may move into it). Until then React
 * leaves that server-rendered part as it is (a dehydrated Suspense boundary), so a part below the
 * first screen costs no hydration work while the page loads; its plain links work meanwhile. Without such markup (the prerender itself, a page rendered in the
 * browser) the code loads at once.
 */
export function lazyWhenVisible<P extends object>(id: string, load: () => Promise<{ default: ComponentType<P> }>) {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  return lazy(() => (loading ??= untilVisible(id).then(load)));
}

const TRIGGERS = ['pointerdown', 'keydown'] as const;

function untilVisible(id: string): Promise<void> {
  if (typeof document === 'undefined' || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  const element = document.querySelector(`[data-hydrate-when-visible="${id}"]`);
  if (!element?.firstElementChild) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      for (const type of TRIGGERS) window.removeEventListener(type, done, true);
      resolve();
    };
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && done(), {
      rootMargin: '200px',
    });
    observer.observe(element);
    for (const type of TRIGGERS) window.addEventListener(type, done, true);
  });
}
