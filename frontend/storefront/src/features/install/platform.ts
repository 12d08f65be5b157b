/**
 * Which install path a device takes, from its user agent: iOS 17.4+ installs from Apple's one-tap
 * link, Android 10+ by entering the SM-DP+ address and activation code; anything else (a computer,
 * an older phone, an iPad that reports itself as a Mac) is shown every way.
 */
export type InstallPlatform = 'ios' | 'android' | 'other';

export function installPlatform(userAgent: string): InstallPlatform {
  const ios = /(?:iPhone|iPad|iPod).*? OS (\d+)[_.](\d+)/.exec(userAgent);
  if (ios) {
    const [major, minor] = [Number(ios[1]), Number(ios[2])];
    return major > 17 || (major === 17 && minor >= 4) ? 'ios' : 'other';
  }
  const android = /Android (\d+)/.exec(userAgent);
  if (android) return Number(android[1]) >= 10 ? 'android' : 'other';
  return 'other';
}

export const currentPlatform = (): InstallPlatform =>
  typeof navigator === 'undefined' ? 'other' : installPlatform(navigator.userAgent);
