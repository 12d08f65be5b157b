import { startFakeParasut } from './parasut';

/**
 * The fake Paraşüt (built from Paraşüt's public API v4 docs; not Paraşüt) as a process of its own:
 * FAKE_PARASUT_PORT, FAKE_PARASUT_CLIENT_ID, FAKE_PARASUT_CLIENT_SECRET, FAKE_PARASUT_USERNAME,
 * FAKE_PARASUT_PASSWORD, FAKE_PARASUT_COMPANY_ID, and optionally HOST and FAKE_PARASUT_JOB_POLLS
 * (default 1: how many polls a trackable job answers "running") and FAKE_PARASUT_JOB_SECONDS (default 2:
 * how long a job runs when nobody polls it).
 */
const env = process.env;
const need = (name: string) => {
  const value = env[name];
  if (!value) {
    console.error(`fake Paraşüt: ${name} is required`);
    process.exit(1);
  }
  return value;
};
const polls = Number(env.FAKE_PARASUT_JOB_POLLS ?? '1');
if (!Number.isInteger(polls) || polls < 0) {
  console.error('fake Paraşüt: FAKE_PARASUT_JOB_POLLS must be a whole number');
  process.exit(1);
}

const jobSeconds = Number(env.FAKE_PARASUT_JOB_SECONDS ?? '2');
if (!Number.isFinite(jobSeconds) || jobSeconds < 0) {
  console.error('fake Paraşüt: FAKE_PARASUT_JOB_SECONDS must be a number of seconds');
  process.exit(1);
}

const fake = await startFakeParasut({
  clientId: need('FAKE_PARASUT_CLIENT_ID'),
  clientSecret: need('FAKE_PARASUT_CLIENT_SECRET'),
  username: need('FAKE_PARASUT_USERNAME'),
  password: need('FAKE_PARASUT_PASSWORD'),
  companyId: need('FAKE_PARASUT_COMPANY_ID'),
  port: Number(need('FAKE_PARASUT_PORT')),
  host: env.HOST ?? '127.0.0.1',
  jobPolls: polls,
  jobSeconds,
});
console.log(`fake Paraşüt (not Paraşüt) listening on ${fake.url}; control API at ${fake.url}/__fake/`);

const stop = () => {
  void fake.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
