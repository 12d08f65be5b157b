import { baseConfigSchema, loadConfig } from '@esim/platform';
import { loadDotEnv } from '../settings';
import { formatConsistencyReport, verifyConsistency } from './verify';

/**
 * `npm run consistency:verify`: checks that the services agree with each other on the configured
 * database (DATABASE_URL, read like every process reads it). Exit code 0 when every rule holds,
 * 1 when any does not, 2 when the check could not run.
 */
try {
  loadDotEnv();
  const { DATABASE_URL } = loadConfig(baseConfigSchema);
  const report = await verifyConsistency(DATABASE_URL);
  console.log(formatConsistencyReport(report));
  process.exitCode = report.ok ? 0 : 1;
} catch (error) {
  console.error(`consistency verification could not run: ${(error as Error).message}`);
  process.exitCode = 2;
}
