import createCache, { type EmotionCache } from '@emotion/cache';

/** The attribute the prerendered page's style tags carry: the emotion ids of the rules in each. */
export const PRERENDERED_STYLES = 'data-prerendered-css';

/**
 * The browser's emotion cache, with the rules of the prerendered page's style tags taken as
 * inserted where they are: components rendering them add nothing, and no tag is moved.
 */
export function prerenderedStyleCache(): EmotionCache {
  const cache = createCache({ key: 'css' });
  document.querySelectorAll(`style[${PRERENDERED_STYLES}]`).forEach((node) => {
    for (const id of node.getAttribute(PRERENDERED_STYLES)!.split(' ')) cache.inserted[id] = true;
  });
  return cache;
}
