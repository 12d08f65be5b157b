import type { Knex } from 'knex';
import { AppError, notFound, type AuthUser } from '@esim/platform';
import { installPath, type CreatedInstallLink, type InstallLink, type InstallPage, type Locale } from '@esim/contracts';
import { findOrder } from '../orders/queries';
import { normalizeOrder, type OrderRow } from '../rows';
import { qrPng } from '../profiles/qr';
import { isWithdrawn } from '../profiles/status';
import { activationCode, iosInstallUrl } from '../profiles/views';
import { installState } from './state';
import { hashInstallToken, newInstallToken } from './tokens';
import { type ProfileRow } from '../rows';

/**
 * One-time install links: made by an eSIM's owner, they open its install page on another device
 * without signing in. A link ends when it expires, when its owner revokes it, and in effect once the
 * eSIM is installed: from then on the page says so and never shows the activation code.
 */
interface LinkRow {
  id: string;
  token_hash: string;
  profile_id: string;
  order_id: string;
  user_id: string;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  opened_count: number;
  last_opened_at: Date | null;
}

/** Active links one eSIM may have at once (each is a way in to its code: a few are enough). */
export const MAX_ACTIVE_LINKS = 5;
const HOUR = 3600 * 1000;
const iso = (d: Date) => new Date(d).toISOString();
const isoOrNull = (d: Date | null) => (d ? iso(d) : null);

function linkState(link: LinkRow, profile: ProfileRow, now: Date): InstallLink['state'] {
  if (link.revoked_at) return 'revoked';
  if (new Date(link.expires_at).getTime() <= now.getTime()) return 'expired';
  return installState(profile, now) === 'ready' && !isWithdrawn(profile) ? 'active' : 'installed';
}

function linkView(link: LinkRow, profile: ProfileRow, now = new Date()): InstallLink {
  return {
    id: link.id,
    esim_id: profile.id,
    iccid: profile.iccid,
    state: linkState(link, profile, now),
    created_at: iso(link.created_at),
    expires_at: iso(link.expires_at),
    revoked_at: isoOrNull(link.revoked_at),
    opened_count: link.opened_count,
    last_opened_at: isoOrNull(link.last_opened_at),
  };
}

/** A new link for one of the order's eSIMs; its token is in this answer only. */
export async function createInstallLink(
  db: Knex,
  user: AuthUser,
  orderRef: string,
  esimId: string,
  ttlHours: number,
): Promise<CreatedInstallLink> {
  return db.transaction(async (trx) => {
    const order = await findOrder(trx, user, orderRef);
    // Locked: two requests at once cannot both pass the active-link limit.
    const profile = (await trx('profiles').where({ id: esimId, order_id: order.id }).forUpdate().first()) as
      ProfileRow | undefined;
    if (!profile)
      throw new AppError(404, 'esim_not_found', { errors: [{ path: 'esim_id', message: 'esim_not_found' }] });
    if (isWithdrawn(profile) || installState(profile) !== 'ready')
      throw new AppError(409, 'install_link_esim_not_ready');
    const [{ active }] = (await trx('install_links')
      .where({ profile_id: profile.id })
      .whereNull('revoked_at')
      .where('expires_at', '>', trx.fn.now())
      .count({ active: '*' })) as [{ active: string }];
    if (Number(active) >= MAX_ACTIVE_LINKS)
      throw new AppError(409, 'install_link_limit', { params: { max: MAX_ACTIVE_LINKS } });
    const token = newInstallToken();
    const [link] = (await trx('install_links')
      .insert({
        token_hash: hashInstallToken(token),
        profile_id: profile.id,
        order_id: order.id,
        user_id: order.user_id,
        expires_at: new Date(Date.now() + ttlHours * HOUR),
      })
      .returning('*')) as LinkRow[];
    return { ...linkView(link!, profile), token, path: installPath(token) };
  });
}

/** The order's links, newest first (tokens are not kept, so none is in the list). */
export async function listInstallLinks(db: Knex, user: AuthUser, orderRef: string): Promise<InstallLink[]> {
  const order = await findOrder(db, user, orderRef);
  const links = (await db('install_links')
    .where({ order_id: order.id })
    .orderBy('created_at', 'desc')
    .limit(50)) as LinkRow[];
  const profiles = new Map(
    ((await db('profiles').where({ order_id: order.id })) as ProfileRow[]).map((p) => [p.id, p]),
  );
  const now = new Date();
  return links.map((link) => linkView(link, profiles.get(link.profile_id)!, now));
}

/** Revokes a link of the caller's order at once (revoking it again changes nothing). */
export async function revokeInstallLink(
  db: Knex,
  user: AuthUser,
  orderRef: string,
  linkId: string,
): Promise<InstallLink> {
  return db.transaction(async (trx) => {
    const order = await findOrder(trx, user, orderRef);
    const link = (await trx('install_links').where({ id: linkId, order_id: order.id }).forUpdate().first()) as
      LinkRow | undefined;
    if (!link) throw notFound('install_link_not_found');
    const [revoked] = link.revoked_at
      ? [link]
      : ((await trx('install_links')
          .where({ id: link.id })
          .update({ revoked_at: trx.fn.now() })
          .returning('*')) as LinkRow[]);
    const profile = (await trx('profiles').where({ id: link.profile_id }).first()) as ProfileRow;
    return linkView(revoked!, profile);
  });
}

/**
 * What the install page shows for a token: 404 for a token never made, 410 once it expired or was
 * revoked, or its eSIM was taken back (refunded or revoked). The code only while the eSIM is ready.
 */
export async function openInstallLink(db: Knex, token: string, locale: Locale): Promise<InstallPage> {
  const tokenHash = hashInstallToken(token);
  // Counted for the owner's list ("opened 2 times"), only while the link opens anything.
  const [link] = (await db('install_links')
    .where({ token_hash: tokenHash })
    .whereNull('revoked_at')
    .where('expires_at', '>', db.fn.now())
    .update({ opened_count: db.raw('opened_count + 1'), last_opened_at: db.fn.now() })
    .returning('*')) as LinkRow[];
  if (!link) {
    const known = await db('install_links').where({ token_hash: tokenHash }).first('id');
    throw known ? new AppError(410, 'install_link_gone') : notFound('install_link_not_found');
  }
  const profile = (await db('profiles').where({ id: link.profile_id }).first()) as ProfileRow;
  if (isWithdrawn(profile)) throw new AppError(410, 'esim_qr_gone');
  const order: OrderRow = normalizeOrder(await db('orders').where({ id: link.order_id }).first());
  const state = installState(profile);
  const lpa = activationCode(profile);
  return {
    state,
    package_name: locale === 'en' ? order.package_name_en : order.package_name_tr,
    data_mb: order.data_mb,
    unlimited: order.data_mb === null,
    validity_days: order.validity_days,
    iccid: profile.iccid,
    link_expires_at: iso(link.expires_at),
    install:
      state === 'ready'
        ? {
            activation_code: lpa,
            smdp_address: profile.smdp_address,
            matching_id: profile.matching_id,
            confirmation_code_required: profile.confirmation_code_required,
            ios_install_url: iosInstallUrl(lpa),
            qr_data_url: `data:image/png;base64,${(await qrPng(lpa)).toString('base64')}`,
          }
        : null,
  };
}
