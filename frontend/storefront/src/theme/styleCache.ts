import createCache, { type EmotionCache, type StylisPlugin } from '@emotion/cache';

/** The attribute the prerendered page's style tags carry: the emotion ids of the rules in each. */
export const PRERENDERED_STYLES = 'data-prerendered-css';

/**
 * The one vendor prefix the shop's browsers still need (Safari before 18 reads only
 * -webkit-user-select), in place of emotion's prefixer, whose prefixes for old browsers every phone
 * would parse and match.
 */
const safariUserSelect: StylisPlugin = (element) => {
  if (element.type === 'decl' && element.props === 'user-select')
    element.return = `-webkit-${element.value}${element.value}`;
};

/** An emotion cache for the storefront: the prerender's and the browser's write the same CSS. */
export function createStyleCache(): EmotionCache {
  return createCache({ key: 'css', stylisPlugins: [safariUserSelect] });
}

/**
 * The browser's emotion cache, with the rules of the prerendered page's style tags taken as
 * inserted where they are: components rendering them add nothing, and no tag is moved.
 */
export function prerenderedStyleCache(): EmotionCache {
  const cache = createStyleCache();
  document.querySelectorAll(`style[${PRERENDERED_STYLES}]`).forEach((node) => {
    for (const id of node.getAttribute(PRERENDERED_STYLES)!.split(' ')) cache.inserted[id] = true;
  });
  return cache;
}
