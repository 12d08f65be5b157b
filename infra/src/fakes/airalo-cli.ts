import { startFakeAiralo } from './airalo';

/**
 * The FAKE Airalo Partner API as a process of its own, for demos and the running system:
 * FAKE_AIRALO_PORT, FAKE_AIRALO_CLIENT_ID, FAKE_AIRALO_CLIENT_SECRET, and optionally HOST,
 * FAKE_AIRALO_DELIVERY_SECONDS (how long an asynchronous order takes, default 5) and
 * FAKE_AIRALO_LATENCY_MS (how much later every API answer comes, default 0). Point the esim
 * service's AIRALO_BASE_URL at the printed address (it ends in /v2, as Airalo's does).
 */
const env = process.env;
const need = (name: string) => {
  const value = env[name];
  if (!value) {
    console.error(`fake Airalo: ${name} is required`);
    process.exit(1);
  }
  return value;
};

const port = Number(need('FAKE_AIRALO_PORT'));
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error('fake Airalo: FAKE_AIRALO_PORT must be a port number');
  process.exit(1);
}
const delivery = Number(env.FAKE_AIRALO_DELIVERY_SECONDS ?? '5');
if (!Number.isFinite(delivery) || delivery < 0) {
  console.error('fake Airalo: FAKE_AIRALO_DELIVERY_SECONDS must be a number of seconds');
  process.exit(1);
}
const latency = Number(env.FAKE_AIRALO_LATENCY_MS ?? '0');
if (!Number.isFinite(latency) || latency < 0) {
  console.error('fake Airalo: FAKE_AIRALO_LATENCY_MS must be a number of milliseconds');
  process.exit(1);
}

const fake = await startFakeAiralo({
  clientId: need('FAKE_AIRALO_CLIENT_ID'),
  clientSecret: need('FAKE_AIRALO_CLIENT_SECRET'),
  port,
  host: env.HOST ?? '127.0.0.1',
  deliverySeconds: delivery,
  latencyMs: latency,
});
console.log(`fake Airalo (not Airalo) listening on ${fake.url}/v2; its control API at ${fake.url}/__fake/`);

const stop = () => {
  void fake.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
