import type { Knex } from 'knex';
import type { EsimProvider, ProvisionRequest, ProvisionResult, TopUpRequest, TopUpResult } from './port';
import { SupplierUnsupported, type Supplier, type SupplierName } from './supplier';

/** The configured suppliers by name (the pool is always there). */
export type Suppliers = Partial<Record<Exclude<SupplierName, 'pool'>, Supplier>>;

/**
 * The provider the saga talks to: each order goes to the supplier it names (the pool, Airalo, eSIM
 * Access), each eSIM to the supplier that sold it. An order naming a supplier this process is not
 * configured for sells nothing (`supplier_package_unavailable`: the hold is voided, the buyer told).
 */
export function supplierRouter(pool: EsimProvider, suppliers: Suppliers): EsimProvider & { suppliers: Suppliers } {
  const of = (name: SupplierName): EsimProvider | undefined => (name === 'pool' ? pool : suppliers[name]);

  /** Sends each request to its supplier, in one call per supplier, and puts the answers back in order. */
  async function byOwner<R extends { supplier: SupplierName }, A>(
    requests: R[],
    call: (provider: EsimProvider, batch: R[]) => Promise<A[]>,
    unavailable: A,
  ): Promise<A[]> {
    const answers: A[] = new Array(requests.length);
    const groups = new Map<SupplierName, number[]>();
    requests.forEach((request, i) => groups.set(request.supplier, [...(groups.get(request.supplier) ?? []), i]));
    await Promise.all(
      [...groups].map(async ([name, indexes]) => {
        const provider = of(name);
        const results = provider
          ? await call(
              provider,
              indexes.map((i) => requests[i]!),
            )
          : indexes.map(() => unavailable);
        indexes.forEach((i, k) => (answers[i] = results[k]!));
      }),
    );
    return answers;
  }

  const ownerOf = async (db: Knex | Knex.Transaction, iccid: string): Promise<EsimProvider> => {
    const row = (await db('profiles').where({ iccid }).orderBy('created_at', 'desc').first('supplier')) as
      { supplier: SupplierName } | undefined;
    const provider = of(row?.supplier ?? 'pool');
    if (!provider) throw new SupplierUnsupported(row!.supplier, 'configuration');
    return provider;
  };

  return {
    name: 'router',
    suppliers,
    opensWithReservation: Object.values(suppliers).flatMap((supplier) => supplier.opensWithReservation ?? []),
    provision: (db, requests: ProvisionRequest[]) =>
      byOwner<ProvisionRequest, ProvisionResult>(requests, (provider, batch) => provider.provision(db, batch), {
        ok: false,
        reason: 'supplier_package_unavailable',
      }),
    topUp: (db, requests: TopUpRequest[]) =>
      byOwner<TopUpRequest, TopUpResult>(requests, (provider, batch) => provider.topUp(db, batch), {
        ok: false,
        reason: 'supplier_top_up_unavailable',
      }),
    async usage(db, iccid) {
      return (await ownerOf(db, iccid)).usage(db, iccid);
    },
    async setStatus(db, iccid, status) {
      await (await ownerOf(db, iccid)).setStatus(db, iccid, status);
    },
    async revoke(db, profile) {
      await (await ownerOf(db, profile.iccid)).revoke(db, profile);
    },
  };
}
