import { randomInt, randomUUID } from 'node:crypto';
import { createTestKeys, type TestKeys } from '@esim/platform/testing';
import { buildApp } from '../src/app';
import { loadEsimConfig } from '../src/config';
import { withLuhnDigit } from '../src/profiles/iccid';

/**
 * The esim service alone on the test file's own database, its tokens signed with local test keys:
 * for its own logic (the pool, its tables). Whatever needs catalog and balance is a flow in
 * tests/flows, on the running system.
 */
export type EsimApp = Awaited<ReturnType<typeof buildApp>>;

export interface EsimAlone {
  esim: EsimApp;
  keys: TestKeys;
  /** Imports `count` new profiles of the package into the pool through the admin import; their ICCIDs. */
  stock(code: string, count: number, options?: { operator?: string }): Promise<string[]>;
  stop(): Promise<void>;
}

/** A valid ICCID nobody else has: 89 + country 90 + random digits + Luhn digit (19 digits). */
export const newIccid = () =>
  withLuhnDigit(`8990${String(randomInt(1e9)).padStart(9, '0')}${String(randomInt(1e5)).padStart(5, '0')}`);

/** A profile-pool import file: one new profile per ICCID for `code`, matching ids unique per `batch`. */
export function poolCsv(iccids: string[], code: string, batch: number, operator = 'Turkcell'): string {
  return [
    'iccid,smdp_address,matching_id,package_code,operator',
    ...iccids.map((iccid, i) => `${iccid},smdp.example.com,MATCH-${batch}-${i}-${iccid.slice(-6)},${code},${operator}`),
  ].join('\n');
}

export async function startEsim(env: Record<string, string> = {}): Promise<EsimAlone> {
  const keys = await createTestKeys();
  const esim = await buildApp({ jwks: keys.jwks, config: loadEsimConfig({ ...process.env, ...env }) });
  await esim.ready();
  let batch = 0;
  return {
    esim,
    keys,
    async stock(code, count, options = {}) {
      batch += 1;
      const iccids = Array.from({ length: count }, newIccid);
      const csv = poolCsv(iccids, code, batch, options.operator);
      const adminToken = await keys.token({ id: randomUUID(), userType: 3 });
      const res = await esim.inject({
        method: 'POST',
        url: '/admin/esim/pool/import',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'text/csv' },
        payload: csv,
      });
      if (res.statusCode !== 201 || res.json().data.imported !== count)
        throw new Error(`stock import failed: ${res.body}`);
      return iccids;
    },
    stop: () => esim.close(),
  };
}
