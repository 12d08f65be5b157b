/** The few parts of iyzico's official client (`iyzipay`, plain JavaScript) the adapter uses. */
declare module 'iyzipay' {
  type Callback = (error: unknown, body: Record<string, unknown> | undefined) => void;
  interface Resource {
    create(request: Record<string, unknown>, callback: Callback): void;
    retrieve(request: Record<string, unknown>, callback: Callback): void;
  }
  class Iyzipay {
    constructor(config: { apiKey: string; secretKey: string; uri: string });
    checkoutFormInitialize: Resource;
    checkoutForm: Resource;
    refundV2: Resource;
  }
  export default Iyzipay;
}
