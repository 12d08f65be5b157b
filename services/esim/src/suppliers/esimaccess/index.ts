export { esimAccessSupplier, esimAccessStatusKey, esimAccessRateKey, forgetOldEsimAccessNotices } from './supplier';
export type { EsimAccessConfig, EsimAccessSupplierOptions } from './supplier';
export { EsimAccessError, EsimAccessUnavailable, esimAccessSignature } from './client';
