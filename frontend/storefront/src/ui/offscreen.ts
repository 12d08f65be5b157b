/**
 * Styles for one item of a long list or a section below the first screen: the browser skips its
 * layout and painting while it is off screen (it stays in the page, for search, find-in-page and
 * screen readers), holding `height` px for it until it has been laid out once.
 */
export const skippedOffscreen = (height: number) => ({
  contentVisibility: 'auto',
  containIntrinsicSize: `auto ${height}px`,
});
