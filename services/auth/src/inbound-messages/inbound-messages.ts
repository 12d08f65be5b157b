import { createHash } from 'node:crypto';
import { UUID } from '@esim/contracts';
import type { ContactMessageBody, InboundMessage, PartnershipMessageBody } from '@esim/contracts';
import type { Knex } from 'knex';

/** Partnership and contact messages of the public site, stored for admins to read. */
export type InboundKind = InboundMessage['kind'];
/** The public site's two message forms. */
export const INBOUND_MESSAGE_KINDS = ['partnership', 'contact'] as const satisfies readonly InboundKind[];

interface Row {
  id: string;
  kind: InboundKind;
  company_name: string | null;
  full_name: string | null;
  email: string;
  subject: string | null;
  message: string;
  locale: string;
  status: InboundStatus;
  status_changed_by: string | null;
  status_changed_at: Date | null;
  created_at: Date;
}

export type InboundStatus = InboundMessage['status'];

const view = (row: Row): InboundMessage => ({
  id: row.id,
  kind: row.kind,
  company_name: row.company_name,
  full_name: row.full_name,
  email: row.email,
  subject: row.subject,
  message: row.message,
  locale: row.locale,
  status: row.status,
  status_changed_by: row.status_changed_by,
  status_changed_at: row.status_changed_at ? row.status_changed_at.toISOString() : null,
  created_at: row.created_at.toISOString(),
});

/** Addresses are kept hashed: enough to see that one sender floods us, nothing more. */
const hashIp = (ip: string) => createHash('sha256').update(ip).digest('hex').slice(0, 32);

export async function storeInboundMessage(
  db: Knex,
  input: { kind: 'partnership'; body: z_Partnership } | { kind: 'contact'; body: z_Contact },
  meta: { locale: string; ip: string },
): Promise<InboundMessage> {
  const body = input.body as Partial<z_Partnership & z_Contact>;
  const [row] = (await db('inbound_messages')
    .insert({
      kind: input.kind,
      company_name: body.company_name ?? null,
      full_name: body.full_name ?? null,
      email: body.email!,
      subject: body.subject ?? null,
      message: body.message!,
      locale: meta.locale,
      ip_hash: hashIp(meta.ip),
    })
    .returning('*')) as Row[];
  return view(row!);
}

type z_Partnership = { [K in keyof PartnershipMessageBody]-?: NonNullable<PartnershipMessageBody[K]> };
type z_Contact = { [K in keyof ContactMessageBody]-?: NonNullable<ContactMessageBody[K]> };

export async function listInboundMessages(
  db: Knex,
  query: {
    kind?: InboundKind;
    status?: InboundStatus;
    ids?: string[];
    search?: string;
    limit: number;
    offset: number;
    startDate?: Date;
    endDate?: Date;
  },
): Promise<{ items: InboundMessage[]; total: number }> {
  const base = db('inbound_messages').modify((q) => {
    if (query.kind) q.where('kind', query.kind);
    if (query.status) q.where('status', query.status);
    // react-admin's getMany (filter={"id":[...]}); an id that is no UUID matches none.
    if (query.ids)
      q.whereIn(
        'id',
        query.ids.filter((id) => UUID.test(id)),
      );
    if (query.startDate) q.where('created_at', '>=', query.startDate);
    if (query.endDate) q.where('created_at', '<=', query.endDate);
    if (query.search) {
      const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q.where((w) =>
        w
          .whereILike('email', like)
          .orWhereILike('company_name', like)
          .orWhereILike('full_name', like)
          .orWhereILike('subject', like)
          .orWhereILike('message', like),
      );
    }
  });
  const [{ count }] = (await base.clone().count<{ count: string }[]>({ count: '*' })) as [{ count: string }];
  const rows = (await base
    .clone()
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(query.limit)
    .offset(query.offset)) as Row[];
  return { items: rows.map(view), total: Number(count) };
}

/** An admin marks a message read, answered or new again; who and when are kept. Undefined: no such message. */
export async function setInboundMessageStatus(
  db: Knex,
  id: string,
  status: InboundStatus,
  adminId: string,
): Promise<InboundMessage | undefined> {
  const [row] = (await db('inbound_messages')
    .where({ id })
    .update({ status, status_changed_by: adminId, status_changed_at: db.fn.now() })
    .returning('*')) as Row[];
  return row ? view(row) : undefined;
}
