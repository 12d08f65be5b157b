import { startFakeEsimAccess } from './esimaccess';

/**
 * The fake eSIM Access as a process of its own: FAKE_ESIMACCESS_PORT, FAKE_ESIMACCESS_ACCESS_CODE,
 * FAKE_ESIMACCESS_SECRET_KEY, and optionally HOST, FAKE_ESIMACCESS_ALLOCATION_SECONDS (default 3;
 * "off": only the control API allocates) and FAKE_ESIMACCESS_USAGE_LAG_SECONDS (default 0).
 */
const env = process.env;
const need = (name: string) => {
  const value = env[name];
  if (!value) {
    console.error(`fake eSIM Access: ${name} is required`);
    process.exit(1);
  }
  return value;
};
const seconds = (name: string, fallback: string) => {
  const text = env[name] ?? fallback;
  if (text === 'off') return null;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) {
    console.error(`fake eSIM Access: ${name} must be a number of seconds (or "off")`);
    process.exit(1);
  }
  return value;
};

const fake = await startFakeEsimAccess({
  accessCode: need('FAKE_ESIMACCESS_ACCESS_CODE'),
  secretKey: need('FAKE_ESIMACCESS_SECRET_KEY'),
  port: Number(need('FAKE_ESIMACCESS_PORT')),
  host: env.HOST ?? '127.0.0.1',
  allocationSeconds: seconds('FAKE_ESIMACCESS_ALLOCATION_SECONDS', '3'),
  usageLagSeconds: seconds('FAKE_ESIMACCESS_USAGE_LAG_SECONDS', '0') ?? 0,
});
console.log(`fake eSIM Access (not eSIM Access) listening on ${fake.url}; control API at ${fake.url}/__fake/`);

const stop = () => {
  void fake.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
