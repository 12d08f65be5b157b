import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  APPROVAL_STATUSES,
  CARD_STATUSES,
  ESIM_ORDER_STATUSES,
  PLAN_STATUS_KEYS,
  PLAN_STATUS_LABELS,
} from '@esim/contracts';
import { describe, expect, it } from 'vitest';
import { TRANSACTION_TYPES } from '../transactions/TransactionList';
import { englishMessages } from './en';
import { turkishMessages } from './index';

function keysOf(node: unknown, prefix = ''): string[] {
  if (typeof node === 'string') return [prefix];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) =>
    keysOf(value, prefix ? `${prefix}.${key}` : key),
  );
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') && !name.endsWith('.test.tsx') ? [file] : [];
  });
}

const lookup = (messages: unknown, key: string) => key.split('.').reduce<any>((node, part) => node?.[part], messages);

describe('translations', () => {
  const en = keysOf(englishMessages).sort();
  const tr = keysOf(turkishMessages).sort();

  it('Turkish has every English key (react-admin and ours), and no other', () => {
    expect(tr.filter((key) => !en.includes(key))).toEqual([]);
    expect(en.filter((key) => !tr.includes(key))).toEqual([]);
  });

  it('no text is empty, and the placeholders match between the languages', () => {
    for (const key of en) {
      const e = lookup(englishMessages, key) as string;
      const t = lookup(turkishMessages, key) as string;
      expect(t.trim().length > 0 || e.trim().length === 0, key).toBe(true);
      const names = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(names(t), key).toEqual(names(e));
    }
  });

  it('every app.* key the code names exists in both languages', () => {
    const root = path.resolve(__dirname, '..');
    const used = new Set<string>();
    for (const file of sources(root)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/['"`](app\.[a-z_]+(?:\.[a-z_]+)+)['"`]/g))
        used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(100);
    const missing = [...used].filter(
      (key) => typeof lookup(englishMessages, key) !== 'string' || typeof lookup(turkishMessages, key) !== 'string',
    );
    expect(missing).toEqual([]);
  });

  it('every status and type a service answers has its label (keys the code builds at run time)', () => {
    const built = [
      ...CARD_STATUSES.map((s) => `app.physical_sim.card_statuses.${s}`),
      ...APPROVAL_STATUSES.map((s) => `app.physical_sim.statuses.${s}`),
      // 'processing' is shown as 'pending' (OrderStatusChip).
      ...ESIM_ORDER_STATUSES.filter((s) => s !== 'processing').map((s) => `app.orders.statuses.${s}`),
      ...TRANSACTION_TYPES.map((t) => `app.transactions.types.${t}`),
      ...['pending', 'confirmed', 'rejected'].map((s) => `app.balance.statuses.${s}`),
      ...['active', 'suspended'].map((s) => `app.sm.statuses.${s}`),
    ];
    const missing = built.filter(
      (key) => typeof lookup(englishMessages, key) !== 'string' || typeof lookup(turkishMessages, key) !== 'string',
    );
    expect(missing).toEqual([]);
  });

  it('keeps the fixed Turkish texts verbatim', () => {
    expect(lookup(turkishMessages, 'app.menu.physical_sim_purchase')).toBe('Plus Paketi Satın Al');
    expect(lookup(turkishMessages, 'app.plan_status.expired')).toBe('Süresi Dolmuş');
    expect(lookup(turkishMessages, 'app.plan_status.used')).toBe('Tüketilmiş');
    expect(lookup(turkishMessages, 'app.plan_status.unknown')).toBe('Bilinmiyor');
  });

  it('says every plan status in the words the storefront uses (a never-used eSIM is ready to install)', () => {
    for (const key of PLAN_STATUS_KEYS) {
      expect(lookup(turkishMessages, `app.plan_status.${key}`), key).toBe(PLAN_STATUS_LABELS[key].tr);
      expect(lookup(englishMessages, `app.plan_status.${key}`), key).toBe(PLAN_STATUS_LABELS[key].en);
    }
    expect(lookup(turkishMessages, 'app.plan_status.ready')).toBe('Kuruluma hazır');
    expect(lookup(turkishMessages, 'app.settings.password_mismatch')).toBe('Şifreler eşleşmiyor');
  });
});
