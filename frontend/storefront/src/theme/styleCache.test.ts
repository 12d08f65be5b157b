import { describe, expect, it } from 'vitest';
import { css } from '@emotion/react';
import { createStyleCache } from './styleCache';

describe('the storefront style cache', () => {
  it('writes -webkit-user-select for Safari and no prefixes for browsers the shop does not serve', () => {
    const cache = createStyleCache();
    const styles = css({
      display: 'flex',
      alignItems: 'center',
      userSelect: 'none',
      transition: 'opacity 1s',
      '&::placeholder': { opacity: 1 },
    });
    cache.insert(`.${cache.key}-${styles.name}`, styles, cache.sheet, false);
    const written = cache.sheet.tags.map((tag) => tag.textContent).join('');
    expect(written).toContain('-webkit-user-select:none;user-select:none;');
    expect(written).toContain('display:flex;align-items:center;');
    for (const legacy of [
      '-webkit-box',
      '-ms-flex',
      '-webkit-transition',
      '-moz-placeholder',
      '-webkit-input-placeholder',
    ])
      expect(written).not.toContain(legacy);
  });
});
