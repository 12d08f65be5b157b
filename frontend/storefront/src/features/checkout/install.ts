/** The LPA string of an eSIM profile: `LPA:1$<SM-DP+ address>$<activation code>`. */
export function lpaOf(profile: { lpa?: string | null; smdp_address?: string | null; activation_code?: string | null }): string | null {
  if (profile.lpa) return profile.lpa;
  if (profile.smdp_address && profile.activation_code) return `LPA:1$${profile.smdp_address}$${profile.activation_code}`;
  return null;
}

/** Apple's universal link that installs an eSIM on iOS 17.4+ with one tap. */
export function iosInstallLink(lpa: string): string {
  return `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(lpa)}`;
}
