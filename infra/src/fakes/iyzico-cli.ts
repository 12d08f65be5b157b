import { startFakeIyzico } from './iyzico';

/**
 * The fake iyzico as a process of its own, for `npm start -- --card-provider fake-iyzico`:
 * FAKE_IYZICO_PORT, FAKE_IYZICO_API_KEY, FAKE_IYZICO_SECRET_KEY, and optionally HOST,
 * FAKE_IYZICO_PUBLIC_URL and FAKE_IYZICO_REVIEW_SECONDS (default 60; "off": only the control page decides).
 */
const env = process.env;
const need = (name: string) => {
  const value = env[name];
  if (!value) {
    console.error(`fake iyzico: ${name} is required`);
    process.exit(1);
  }
  return value;
};

const review = env.FAKE_IYZICO_REVIEW_SECONDS ?? '60';
const fake = await startFakeIyzico({
  apiKey: need('FAKE_IYZICO_API_KEY'),
  secretKey: need('FAKE_IYZICO_SECRET_KEY'),
  port: Number(need('FAKE_IYZICO_PORT')),
  host: env.HOST ?? '127.0.0.1',
  publicUrl: env.FAKE_IYZICO_PUBLIC_URL,
  reviewSeconds: review === 'off' ? null : Number(review),
});
console.log(
  `fake iyzico (not iyzico) listening on ${fake.url}; payments and fraud reviews at ${fake.publicUrl}/__fake/`,
);

const stop = () => {
  void fake.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
