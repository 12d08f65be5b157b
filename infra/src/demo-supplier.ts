import { randomUUID } from 'node:crypto';
import { demoAccount, DEMO_PASSWORD } from '@esim/contracts';

/**
 * After `npm start -- --supplier <name>` has the shop up: the demo admin does what an admin does
 * with a new supplier, through the gateway and the admin's own routes: syncs its catalogue, then
 * makes a package (priced by the margin rule) of each offer no package is bought as yet, so the
 * storefront sells the fake supplier's eSIMs beside the pool's and its eSIMs take its top-ups (top-up
 * offers become top-up-only packages). Running it again adds nothing.
 */
export async function stockDemoSupplier(
  baseUrl: string,
  supplier: 'airalo' | 'esimaccess',
  say: (line: string) => void,
): Promise<number> {
  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as { data?: unknown; message?: string };
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${answer.message ?? ''}`);
    return answer.data;
  };
  const admin = demoAccount('admin@esim.test');
  const { token } = (await call('POST', '/login', undefined, { email: admin.email, password: DEMO_PASSWORD })) as {
    token: string;
  };
  await call('POST', '/admin/esim/suppliers/sync', token);
  const filter = encodeURIComponent(JSON.stringify({ supplier, mapped: false, gone: false }));
  const offers: Array<{ id: string; supplier_package_id: string }> = [];
  // A page holds at most 100 rows: read them all before making packages (which changes what is unmapped).
  for (let from = 0; ; from += 100) {
    const page = (await call(
      'GET',
      `/admin/supplier-offers?filter=${filter}&range=[${from},${from + 99}]`,
      token,
    )) as typeof offers;
    offers.push(...page);
    if (page.length < 100) break;
  }
  let made = 0;
  // Airalo's sandbox trigger packages (test-*) only ever answer an error: no shop sells them.
  for (const offer of offers.filter((o) => !o.supplier_package_id.startsWith('test-'))) {
    const code = `${supplier === 'airalo' ? 'AL' : 'EA'}-${offer.supplier_package_id}`
      .toUpperCase()
      .replace(/[^A-Z0-9-]+/g, '-')
      .slice(0, 40)
      .replace(/-+$/, '');
    try {
      await call('POST', `/admin/supplier-offers/${offer.id}/package`, token, { code });
      made += 1;
    } catch (error) {
      say(
        `the fake ${supplier}'s offer ${offer.supplier_package_id} was not made a package: ${(error as Error).message}`,
      );
    }
  }
  return made;
}
