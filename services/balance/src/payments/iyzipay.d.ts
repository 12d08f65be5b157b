/**
 * The few parts of iyzico's official client (`iyzipay`, plain JavaScript) the adapter uses: its
 * IYZWSv2 signing and response-signature helpers, and the request models that give each call's
 * body the shape (and price format) the client sends.
 */
declare module 'iyzipay/lib/utils.js' {
  const utils: {
    generateAuthorizationHeaderV2(
      headerName: string,
      apiKey: string,
      separator: string,
      secretKey: string,
      path: string,
      body: unknown,
      randomString: string,
    ): string;
    generateRandomString(size: number): string;
    formatPrice(price: string | number): string;
    calculateHmacSHA256Signature(params: string[], secretKey: string): string;
  };
  export default utils;
}

declare module 'iyzipay/lib/requests/*.js' {
  class IyzipayRequest {
    constructor(request: Record<string, unknown>);
    toJson(): Record<string, unknown>;
  }
  export default IyzipayRequest;
}
