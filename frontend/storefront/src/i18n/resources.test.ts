import { describe, expect, it } from 'vitest';
import { NAMESPACES } from './resources';

function shape(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value))
    return [`${prefix}[${value.length}]`, ...value.flatMap((v, i) => shape(v, `${prefix}[${i}]`))];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => shape(v, prefix ? `${prefix}.${k}` : k));
  return [prefix];
}

describe('tr and en resources', () => {
  it.each(Object.entries(NAMESPACES))('%s has the same keys in both languages, none empty', (_ns, texts) => {
    expect(shape(texts.en)).toEqual(shape(texts.tr));
    for (const lng of ['tr', 'en'] as const) {
      const empty = shape(texts[lng])
        .filter((key) => !key.endsWith(']'))
        .filter((key) => {
          const value = key
            .split(/\.|\[|\]\.?/)
            .filter(Boolean)
            .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts[lng]);
          return typeof value === 'string' && value === '' && !/accept(Prefix|Suffix)/.test(key);
        });
      expect(empty).toEqual([]);
    }
  });

  it('the fixed Turkish texts are verbatim', () => {
    const { auth, balance, common } = NAMESPACES;
    expect(auth.tr.login.submitting).toBe('Giriş Yapılıyor...');
    expect(auth.tr.register.submitting).toBe('Kayıt Yapılıyor...');
    expect(auth.tr.register.mismatch).toBe('Şifreler eşleşmiyor');
    expect(auth.tr.register.termsRequired).toBe('Kullanım koşullarını kabul etmelisiniz');
    expect(balance.tr.empty).toBe('Lütfen sipariş numarası veya sıra numarası girin');
    expect(balance.tr.status.expired).toBe('Süresi Dolmuş');
    expect(common.tr.errors.networkLong).toBe('API sunucusuna ulaşılamıyor. İnternet bağlantınızı kontrol edin.');
    expect(common.tr.errors.generic).toBe('Bir hata oluştu. Lütfen daha sonra tekrar deneyin.');
  });
});
