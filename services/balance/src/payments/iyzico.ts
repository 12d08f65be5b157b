import Iyzipay from 'iyzipay';
import { centsToEuros, type Locale } from '@esim/contracts';
import {
  declineCode,
  ProviderUnavailable,
  type PaymentProvider,
  type PaymentStart,
  type RetrievedPayment,
  type StartedPayment,
} from './port';

export interface IyzicoSettings {
  apiKey: string;
  secretKey: string;
  /** https://sandbox-api.iyzipay.com or https://api.iyzipay.com (or a local fake in tests). */
  baseUrl: string;
  /** How long one call may take before the provider counts as unreachable. */
  timeoutMs?: number;
}

type Body = Record<string, unknown>;

/*
 * iyzico asks for a national id and an address for every buyer. Travellers buying a digital
 * service give neither, so the buyer is sent with the placeholders iyzico documents for buyers
 * without a Turkish id, and the shop's own city.
 */
const NO_IDENTITY_NUMBER = '11111111111';
const DIGITAL_SERVICE_ADDRESS = { address: 'Dijital hizmet (eSIM)', city: 'Istanbul', country: 'Turkey' };

const price = (cents: number) => centsToEuros(cents).toFixed(2);

function splitName(fullName: string): { name: string; surname: string } {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { name: '-', surname: '-' };
  if (parts.length === 1) return { name: parts[0]!, surname: parts[0]! };
  return { name: parts.slice(0, -1).join(' '), surname: parts[parts.length - 1]! };
}

/**
 * The iyzico adapter: Checkout Form initialize (the hosted page with 3-D Secure) and retrieve, and
 * refunds by payment id, through iyzico's official client, which signs each request (IYZWSv2).
 */
export function iyzicoProvider(settings: IyzicoSettings): PaymentProvider {
  const client = new Iyzipay({ apiKey: settings.apiKey, secretKey: settings.secretKey, uri: settings.baseUrl });
  const timeoutMs = settings.timeoutMs ?? 20_000;

  const call = (what: string, run: (callback: (error: unknown, body: Body | undefined) => void) => void) =>
    new Promise<Body>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new ProviderUnavailable(`iyzico ${what}: no answer in ${timeoutMs} ms`)),
        timeoutMs,
      );
      run((error, body) => {
        clearTimeout(timer);
        if (error || !body || typeof body !== 'object')
          reject(new ProviderUnavailable(`iyzico ${what}: unreachable`, { cause: error }));
        else resolve(body);
      });
    });

  return {
    name: 'iyzico',

    async start(payment: PaymentStart): Promise<StartedPayment> {
      const total = payment.basket.reduce((sum, item) => sum + item.amountCents, 0);
      const { name, surname } = splitName(payment.buyer.fullName);
      const request = {
        locale: payment.locale,
        conversationId: payment.paymentId,
        price: price(total),
        paidPrice: price(payment.amountCents),
        currency: payment.currency,
        basketId: payment.paymentId,
        paymentGroup: 'PRODUCT',
        callbackUrl: payment.callbackUrl,
        enabledInstallments: [1],
        buyer: {
          id: payment.buyer.id,
          name,
          surname,
          identityNumber: NO_IDENTITY_NUMBER,
          email: payment.buyer.email,
          registrationAddress: DIGITAL_SERVICE_ADDRESS.address,
          city: DIGITAL_SERVICE_ADDRESS.city,
          country: DIGITAL_SERVICE_ADDRESS.country,
          ip: payment.buyer.ip,
        },
        billingAddress: { contactName: payment.buyer.fullName || payment.buyer.email, ...DIGITAL_SERVICE_ADDRESS },
        basketItems: payment.basket.map((item) => ({
          id: item.id,
          name: item.name,
          category1: 'eSIM',
          itemType: 'VIRTUAL',
          price: price(item.amountCents),
        })),
      };
      const body = await call('initialize', (callback) => client.checkoutFormInitialize.create(request, callback));
      if (body.status !== 'success' || typeof body.token !== 'string' || typeof body.paymentPageUrl !== 'string') {
        throw new ProviderUnavailable(
          `iyzico initialize refused: ${String(body.errorCode)} ${String(body.errorMessage)}`,
        );
      }
      return { token: body.token, pageUrl: body.paymentPageUrl };
    },

    async retrieve(token: string, locale: Locale): Promise<RetrievedPayment> {
      const body = await call('retrieve', (callback) =>
        client.checkoutForm.retrieve({ locale, conversationId: token, token }, callback),
      );
      if (body.paymentStatus === 'SUCCESS' && body.status === 'success') {
        return {
          status: 'paid',
          providerPaymentId: String(body.paymentId),
          paidCents: Math.round(Number(body.paidPrice) * 100),
          currency: String(body.currency),
        };
      }
      if (body.paymentStatus === 'FAILURE') {
        return {
          status: 'failed',
          failureCode: declineCode(body.errorCode as string | undefined),
          providerMessage: typeof body.errorMessage === 'string' ? body.errorMessage : null,
        };
      }
      // No result yet: the form was not completed (iyzico answers a failure without a payment status).
      return { status: 'pending' };
    },

    async refund(providerPaymentId: string, amountCents: number, locale: Locale): Promise<void> {
      const request = {
        locale,
        conversationId: providerPaymentId,
        paymentId: providerPaymentId,
        price: price(amountCents),
        currency: 'EUR',
      };
      const body = await call('refund', (callback) => client.refundV2.create(request, callback));
      if (body.status !== 'success')
        throw new ProviderUnavailable(`iyzico refund refused: ${String(body.errorCode)} ${String(body.errorMessage)}`);
    },
  };
}
