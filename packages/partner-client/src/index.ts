export { createPartnerClient, type PartnerClient, type PartnerClientOptions } from './client';
export type { components, paths } from './schema';
export {
  verifyWebhookSignature,
  signWebhookPayload,
  webhookSignatureHeader,
  type VerifyWebhookOptions,
  type WebhookVerification,
} from './webhook';
