import { sellerComplete, sellerFromView, type PublicShop, type Seller } from '@esim/contracts';
import { AppError } from './errors';
import { createInternalClient, type BaseUrls } from './internal-client';

/**
 * The shop's identity as another service reads it from auth (GET /public/shop): kept in-process for
 * at most `maxAgeMs` (30 s), so a sale or a page costs no auth call and an admin's change reaches
 * every copy of every service within that time. Auth unreachable with nothing fresh is a 503.
 */
export interface ShopIdentityReader {
  shop(requestId?: string): Promise<PublicShop>;
  /** The seller as the distance-sale documents and receipts take it. */
  seller(requestId?: string): Promise<Seller>;
  /** Refuses with 503 `shop_not_open` while the legal entity is incomplete (production only sells under a complete one). */
  assertOpenForSales(requestId?: string): Promise<void>;
  close(): Promise<void>;
}

export const SHOP_IDENTITY_MAX_AGE_MS = 30_000;

export function createShopIdentityReader(options: {
  authUrl: BaseUrls;
  token: string;
  maxAgeMs?: number;
  timeoutMs?: number;
}): ShopIdentityReader {
  const auth = createInternalClient({
    baseUrl: options.authUrl,
    token: options.token,
    timeoutMs: options.timeoutMs ?? 3_000,
    connections: 4,
  });
  const maxAgeMs = options.maxAgeMs ?? SHOP_IDENTITY_MAX_AGE_MS;
  let cached: { value: PublicShop; at: number } | undefined;
  // Callers arriving while one read is under way share it: a burst of sales makes one call.
  let reading: Promise<PublicShop> | undefined;

  const shop = async (requestId?: string): Promise<PublicShop> => {
    if (cached && Date.now() - cached.at < maxAgeMs) return cached.value;
    reading ??= auth
      .request<PublicShop>('GET', '/public/shop', { requestId })
      .then((value) => {
        cached = { value, at: Date.now() };
        return value;
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };
  return {
    shop,
    async seller(requestId) {
      return sellerFromView((await shop(requestId)).seller);
    },
    async assertOpenForSales(requestId) {
      if (!sellerComplete((await shop(requestId)).seller)) throw new AppError(503, 'shop_not_open');
    },
    close: () => auth.close(),
  };
}
