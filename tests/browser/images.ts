import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

/** Waits until every image the locator matches is drawn: an <img> is in the page before its picture has arrived. */
export async function expectImagesDrawn(images: Locator, timeout = 15_000) {
  await images.first().waitFor({ timeout });
  await expect
    .poll(
      () => images.evaluateAll((imgs: HTMLImageElement[]) => imgs.every((img) => img.complete && img.naturalWidth > 0)),
      { timeout },
    )
    .toBe(true);
}
