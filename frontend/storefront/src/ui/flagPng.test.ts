import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { flagPng, svgPng } from '../../scripts/flags';
import { flagUrl } from './Flag';

const svgOf = (code: string) =>
  path.join(
    path.dirname(createRequire(import.meta.url).resolve('flag-icons/package.json')),
    'flags/4x3',
    `${code}.svg`,
  );

/** A PNG's size from its IHDR chunk. */
const sizeOf = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe('flags', () => {
  it('are served as the PNGs the build renders', () => {
    expect(flagUrl('CZ')).toBe('/flags/cz.png');
  });

  it('a coat of arms of 100 kB of SVG becomes a 4:3 PNG of a few kilobytes', () => {
    const png = flagPng(svgOf('bo'));
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(sizeOf(png)).toEqual({ width: 120, height: 90 });
    expect(png.length).toBeLessThan(12_000);
  });

  it("the shop's mark, which every page links, is a 64 px PNG too", () => {
    const png = svgPng(path.resolve(import.meta.dirname, '../../public/favicon.svg'), 64);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(sizeOf(png)).toEqual({ width: 64, height: 64 });
  });
});
