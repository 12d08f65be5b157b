import type { CreatedServiceApp } from '@esim/platform';
import type { EsimContext } from '../../context';
import { esimRoutes } from './esims';
import { installRoutes } from './install';
import { topUpRoutes } from './top-ups';

/** The buyer's eSIMs: buying, orders, QR codes, status, usage, refunds, installing on another device, top-ups. */
export function userRoutes(app: CreatedServiceApp, ctx: EsimContext): void {
  esimRoutes(app, ctx);
  topUpRoutes(app, ctx);
  installRoutes(app, ctx);
}
