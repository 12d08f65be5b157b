import { STORAGE_KEYS } from '@esim/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { browserSession, localSessionStore, sessionFromLogin } from './session';

const USER = { id: 'u1', email: 'dealer@esim.test', full_name: 'Deniz Bayi', user_type: 2 as const };

afterEach(() => localStorage.clear());

describe('the session both front ends share', () => {
  it('keeps the token and the user under the shared keys, and clears both', () => {
    browserSession.write({ token: 'T', user: USER });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('T');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!)).toEqual(USER);
    expect(localSessionStore().read()).toEqual({ token: 'T', user: USER });
    browserSession.clear();
    expect(browserSession.read()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('counts a broken or half-written entry as signed out', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'T');
    expect(browserSession.read()).toBeNull();
    localStorage.setItem(STORAGE_KEYS.user, '{not json');
    expect(browserSession.read()).toBeNull();
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ email: 'x@y.z' }));
    expect(browserSession.read()).toBeNull();
  });

  it('takes the public user fields from a login answer, nothing else', () => {
    const answer = { token: 'T', ...USER, role: 'dealer', password_hash: 'never' } as never;
    expect(sessionFromLogin(answer)).toEqual({ token: 'T', user: { ...USER, role: 'dealer' } });
  });

  it('with no storage at all (prerendering, a blocked one), nobody is signed in and writing is harmless', () => {
    const blocked = {
      getItem() {
        throw new Error('blocked');
      },
    } as unknown as Storage;
    expect(localSessionStore(blocked).read()).toBeNull();
  });
});
