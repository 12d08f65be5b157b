import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '@esim/platform';
import { PreflightError } from './preflight';
import { SettingsError } from './settings';

/** Whether the module at `metaUrl` is the script node was started with (not imported). */
export function isMain(metaUrl: string): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(metaUrl));
  } catch {
    return false;
  }
}

/** Errors the user can fix are printed as plain sentences; anything else keeps its stack for us. */
export function describeFailure(error: unknown): string {
  if (error instanceof PreflightError || error instanceof SettingsError || error instanceof ConfigError)
    return error.message;
  const code = (error as { code?: string }).code;
  // PostgreSQL errors (e.g. a migration failing) carry a SQLSTATE: the message says enough.
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return `${(error as Error).message} (SQLSTATE ${code})`;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/** Runs a command-line entry point: exit 0 when it resolves, 1 with a readable message when it throws. */
export function runCli(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`\n${describeFailure(error)}\n`);
      process.exit(1);
    },
  );
}
