import { loadConfig, refuseDemoSecrets, serviceConfigSchema, urlList } from '@esim/platform';
import { z } from 'zod';

/** The physical-sim service's settings (API and import worker): the shared ones plus its own (see the README's configuration table). */
export const configSchema = serviceConfigSchema(8085, {
  /** Where the catalog answers /internal/* (Plus packages and the caller's price). */
  CATALOG_URL: urlList('http://127.0.0.1:8082'),
  /** Where the balance service answers /internal/* (holds of orders). */
  BALANCE_URL: urlList('http://127.0.0.1:8083'),
  /** Largest import file, in bytes (20 MB: docs/product.md, Orders and approvals). */
  IMPORT_MAX_FILE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(20 * 1024 * 1024),
  /** Largest number of data rows in one import. */
  IMPORT_MAX_ROWS: z.coerce.number().int().min(1).default(200_000),
  /** Largest unpacked size of an xlsx (zip-bomb guard), in bytes; unset, it follows from IMPORT_MAX_ROWS (unpackedLimitFor). */
  IMPORT_MAX_UNPACKED_BYTES: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(1024).optional(),
  ),
  /** Import jobs one worker process runs at the same time. */
  IMPORT_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** A running import with no heartbeat for this long is taken over by another worker (its run started again). */
  IMPORT_STALE_AFTER_MS: z.coerce.number().int().min(1000).default(30_000),
  /** Runs an import may start before it is failed as interrupted. */
  IMPORT_MAX_RUNS: z.coerce.number().int().min(1).max(20).default(3),
  /** A dealer order still `placing` this long (its hold never recorded) is rejected; far past the balance client's 5-second deadline, so no hold lands later. */
  ORDER_PLACING_EXPIRE_MINUTES: z.coerce.number().int().min(1).default(10),
  /** Shared secret of the usage webhook (POST /webhooks/physical-sim-usage): the operator signs `<timestamp>.<raw body>`. */
  PHYSICAL_SIM_WEBHOOK_SECRET: z.string().min(16).default('demo-physical-sim-webhook-secret-change-me'),
});

export type PhysicalSimConfig = Omit<z.infer<typeof configSchema>, 'IMPORT_MAX_UNPACKED_BYTES'> & {
  IMPORT_MAX_UNPACKED_BYTES: number;
};

/** A template row (four short text cells) unpacks to about 300 bytes of sheet XML and shared strings in exceljs's files; a kilobyte leaves room for any spreadsheet program's markup. */
export const UNPACKED_BYTES_PER_ROW = 1024;
/** The rest of a workbook (styles, theme, relationships, properties) is a few tens of kilobytes. */
const UNPACKED_WORKBOOK_PARTS_BYTES = 1024 * 1024;

/**
 * The unpacked size an import of `maxRows` rows may need: 200,000 rows × 1 KiB + 1 MiB for the
 * other parts = 205,848,576 bytes (196 MiB), about three times what such a file really unpacks to.
 */
export function unpackedLimitFor(maxRows: number): number {
  return maxRows * UNPACKED_BYTES_PER_ROW + UNPACKED_WORKBOOK_PARTS_BYTES;
}

export function loadPhysicalSimConfig(env: NodeJS.ProcessEnv = process.env): PhysicalSimConfig {
  const config = loadConfig(configSchema, env);
  refuseDemoSecrets(config, ['PHYSICAL_SIM_WEBHOOK_SECRET']);
  return {
    ...config,
    IMPORT_MAX_UNPACKED_BYTES: config.IMPORT_MAX_UNPACKED_BYTES ?? unpackedLimitFor(config.IMPORT_MAX_ROWS),
  };
}
