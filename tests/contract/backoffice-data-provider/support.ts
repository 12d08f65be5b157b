/// <reference lib="dom" />
import { afterAll, beforeAll } from 'vitest';
import {
  createDataProvider,
  type BackOfficeDataProvider,
} from '../../../frontend/backoffice/src/providers/dataProvider';
import { createHttpClient } from '../../../frontend/backoffice/src/providers/httpClient';
import { sessionFromLogin, type Session, type SessionStore } from '@esim/frontend-shared/session';
import { startSystem, type ListeningSystem } from '../../flows/system';

/**
 * The back office's real data provider (ra-data-simple-rest through our httpClient) against the
 * real services behind the real gateway: every resource the back office lists, each method it
 * uses, with ids, totals and filters checked against what the services hold. One file per group
 * of resources, each on its own system and database.
 */
export let system: ListeningSystem;

/** Starts the listening system before the file's tests and stops it after them. */
export function useSystem(): void {
  beforeAll(async () => {
    system = await startSystem({ listen: {} });
  }, 120_000);
  afterAll(async () => {
    await system?.stop();
  });
}

function memory(session: Session): SessionStore {
  let current: Session | null = session;
  return { read: () => current, write: (next) => (current = next), clear: () => (current = null) };
}

// One sign-in per account for the whole file: the gateway allows 20 sign-ins a minute per address, fewer than the tests here.
const logins = new Map<string, ReturnType<ListeningSystem['session']>>();

export async function providerFor(email: string): Promise<BackOfficeDataProvider> {
  if (!logins.has(email)) logins.set(email, system.session(email));
  const { token, user } = await logins.get(email)!;
  const session = memory(sessionFromLogin({ token, ...(user as any) }));
  return createDataProvider(
    `${system.url}/api`,
    createHttpClient({ apiUrl: `${system.url}/api`, session, locale: () => 'tr' }),
  );
}

export const page = (perPage: number, page = 1) => ({ page, perPage });
