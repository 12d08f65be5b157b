/**
 * Layers over MUI's app bar (theme.zIndex.appBar) and under its drawer and dialogs, in one place so
 * the search suggestions always open over the cookie banner rather than under it.
 */
export const COOKIE_BANNER_LAYER = 50;
export const SEARCH_SUGGESTIONS_LAYER = 60;
