import { describe, expect, it } from 'vitest';
import { findUnsafeText, isUnsafeText } from '../src/text';

describe('the text rule', () => {
  it('refuses NUL and lone surrogates, keeps real text', () => {
    expect(isUnsafeText('a\u0000b')).toBe(true);
    expect(isUnsafeText('x\uD800')).toBe(true);
    expect(isUnsafeText('\uDC00x')).toBe(true);
    for (const good of ['Türkiye', 'İstanbul ığüşöç', '🇹🇷 emoji 😀', '', 'tab\tand newline\n'])
      expect(isUnsafeText(good), good).toBe(false);
  });
  it('names the path of the first unsafe string, keys included', () => {
    expect(findUnsafeText({ a: [{ b: 'ok' }, { c: 'bad\u0000' }] })).toEqual(['a', 1, 'c']);
    expect(findUnsafeText({ ['k\u0000']: 1 })).toEqual(['k\u0000']);
    expect(findUnsafeText({ a: 1, b: ['x', 'y'], c: null })).toBeNull();
  });
  it('leaves raw bytes alone (an uploaded file is not text; its reader checks what it reads as text)', () => {
    // Walked as an object, a Buffer's bytes would be millions of keys; a zero byte is not a NUL in text.
    expect(findUnsafeText({ file: Buffer.from([0x50, 0x4b, 0x00, 0xd8]) })).toBeNull();
    expect(findUnsafeText(new Uint8Array([0, 0, 0]))).toBeNull();
    expect(findUnsafeText({ file: Buffer.alloc(1), name: 'a\u0000' })).toEqual(['name']);
  });
});
