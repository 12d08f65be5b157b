import { z } from 'zod';

/** Paraşüt's settings as the environment gives them (an empty value counts as unset). */
export const parasutConfigSchema = z.object({
  PARASUT_CLIENT_ID: z.string().optional(),
  PARASUT_CLIENT_SECRET: z.string().optional(),
  PARASUT_USERNAME: z.string().optional(),
  PARASUT_PASSWORD: z.string().optional(),
  PARASUT_COMPANY_ID: z.string().optional(),
  /** Paraşüt's address (its staging host, or the fake Paraşüt in tests and demos). */
  PARASUT_BASE_URL: z.url().default('https://api.parasut.com'),
});

export type ParasutConfig = z.infer<typeof parasutConfigSchema>;

export interface ParasutSettings {
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  companyId: string;
  baseUrl: string;
}

const REQUIRED = [
  'PARASUT_CLIENT_ID',
  'PARASUT_CLIENT_SECRET',
  'PARASUT_USERNAME',
  'PARASUT_PASSWORD',
  'PARASUT_COMPANY_ID',
] as const;

/**
 * The settings when all of them are given, null when none is; half of them is a mistake that would
 * only show at the first sale, so it stops the caller at once with the names that are missing.
 */
export function parasutSettings(config: Partial<ParasutConfig>): ParasutSettings | null {
  const missing = REQUIRED.filter((name) => !config[name]?.trim());
  if (missing.length === REQUIRED.length) return null;
  if (missing.length > 0)
    throw new Error(
      `Paraşüt is half configured: set ${missing.join(', ')} as well (or none of the PARASUT_* settings)`,
    );
  return {
    clientId: config.PARASUT_CLIENT_ID!.trim(),
    clientSecret: config.PARASUT_CLIENT_SECRET!.trim(),
    username: config.PARASUT_USERNAME!.trim(),
    password: config.PARASUT_PASSWORD!,
    companyId: config.PARASUT_COMPANY_ID!.trim(),
    baseUrl: (config.PARASUT_BASE_URL ?? 'https://api.parasut.com').replace(/\/+$/, ''),
  };
}
