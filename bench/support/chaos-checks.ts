import type { SqlDb } from '../../src/db/index.js';

/** One WhatsApp text the Evolution fake accepted (stored and answered 201). */
export interface Delivered {
  number: string;
  text: string;
  id: string;
}

export interface InboundVerdict {
  inbound: number;
  replied: number;
  /** Answered by a recorded decision instead of a text: plan outcome or send outcome -> count. */
  reasons: Record<string, number>;
  /** Not in inbound_handled, no plan after it, or a planned bubble with no final outcome. */
  unanswered: Array<{ provider_message_id: string; why: string }>;
}

/**
 * Every inbound message of the bench's doctors: was it dealt with, and how?
 *
 * A turn answers every pending message of a conversation with one plan, stored
 * under the last of them (turn_plans.interaction_id, the latest `created_at`). So
 * the plan that answered message i is the first plan of its conversation whose
 * message was received at or after i. Its bubbles are outbound rows keyed
 * `reply-<plan>-<n>`: `sent` is the reply; `blocked`/`deduped`/`bypass` (the wrapper's
 * recorded outcomes) or a plan outcome other than `reply` (hand-off, opt-out,
 * human control) are the recorded reason. A superseded plan is followed by a
 * later one, which is then the reply. Anything else (no plan, a bubble still
 * `reserved` or `failed`, not in inbound_handled) is unanswered.
 */
export async function inboundVerdict(db: SqlDb, phonePrefix: string): Promise<InboundVerdict> {
  const rows = await db.query<{ provider_message_id: string; handled: boolean; human: boolean; plan: string | null; outcome: string | null; bubbles: number | null; statuses: string[] | null; later_sent: boolean }>(
    `with inb as (
       select i.id, i.conversation_id, i.created_at, i.provider_message_id
         from interactions i join doctors d on d.id = i.doctor_id
        where i.direction = 'inbound' and d.phone like $1 || '%'),
     plans as (
       select p.interaction_id, p.conversation_id, p.outcome, jsonb_array_length(p.bubbles) bubbles, x.created_at, x.id xid,
              (select array_agg(o.status order by o.idempotency_key) from outbound_messages o where o.idempotency_key like 'reply-' || p.interaction_id || '-%') statuses
         from turn_plans p join interactions x on x.id = p.interaction_id)
     select inb.provider_message_id,
            exists (select 1 from inbound_handled h where h.interaction_id = inb.id) handled,
            coalesce((select c.controlled_by = 'human' from conversations c where c.id = inb.conversation_id), false) human,
            f.interaction_id::text plan, f.outcome, f.bubbles, f.statuses,
            exists (select 1 from plans l where l.conversation_id = inb.conversation_id and (l.created_at, l.xid) > (f.created_at, f.xid) and 'sent' = any(l.statuses)) later_sent
       from inb
       left join lateral (
         select * from plans p where p.conversation_id = inb.conversation_id and (p.created_at, p.xid) >= (inb.created_at, inb.id)
          order by p.created_at, p.xid limit 1) f on true`,
    [phonePrefix],
  );
  const v: InboundVerdict = { inbound: rows.length, replied: 0, reasons: {}, unanswered: [] };
  const reason = (r: string) => (v.reasons[r] = (v.reasons[r] ?? 0) + 1);
  for (const r of rows) {
    const miss = (why: string) => v.unanswered.push({ provider_message_id: r.provider_message_id, why });
    if (!r.handled) {
      miss(r.human ? 'not handled (human control)' : 'not in inbound_handled');
      continue;
    }
    if (!r.plan) {
      if (r.human) reason('human_control_no_plan');
      else miss('handled but no plan');
      continue;
    }
    const statuses = r.statuses ?? [];
    if ((r.bubbles ?? 0) === 0) {
      reason(`plan:${r.outcome}`);
      continue;
    }
    if (statuses.length < (r.bubbles ?? 0) || statuses.some((s) => s === 'reserved' || s === 'failed')) {
      miss(`bubbles ${JSON.stringify(statuses)} of ${r.bubbles}`);
      continue;
    }
    if (statuses.includes('sent')) {
      if (r.outcome === 'reply') v.replied++;
      else reason(`plan:${r.outcome}(line sent)`);
    } else if (r.later_sent) v.replied++;
    else reason(`send:${[...new Set(statuses)].join('+')}`);
  }
  return v;
}

/** Texts that reached Evolution more than once for the same number. */
export function duplicateDeliveries(delivered: Delivered[]): Array<{ number: string; text: string; times: number }> {
  const seen = new Map<string, number>();
  for (const d of delivered) seen.set(`${d.number}\u0000${d.text}`, (seen.get(`${d.number}\u0000${d.text}`) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([k, times]) => {
    const [number, text] = k.split('\u0000') as [string, string];
    return { number, text: text.slice(0, 60), times };
  });
}

/**
 * The database and the provider agree: every delivered message is one `sent`
 * row with its provider id, and every `sent` row was delivered.
 */
export async function sendsReconcile(db: SqlDb, delivered: Delivered[]): Promise<{ sent_rows: number; delivered: number; unrecorded: number; phantom: number }> {
  const rows = await db.query<{ provider_message_id: string | null }>(`select provider_message_id from outbound_messages where status = 'sent'`);
  const recorded = new Set(rows.map((r) => r.provider_message_id));
  const ids = new Set(delivered.map((d) => d.id));
  return {
    sent_rows: rows.length,
    delivered: delivered.length,
    unrecorded: delivered.filter((d) => !recorded.has(d.id)).length,
    phantom: rows.filter((r) => !r.provider_message_id || !ids.has(r.provider_message_id)).length,
  };
}

export interface CampaignVerdict {
  planned: number;
  by_status: Record<string, number>;
  sent_rows: number;
  delivered: number;
  doctors_delivered_twice: number;
  /** Campaign doctors who received at least one message. */
  delivered_doctors: number;
}

/** A campaign's sends: each doctor at most once at Evolution, and the records agree with the deliveries. */
export async function campaignVerdict(db: SqlDb, campaignId: string, delivered: Delivered[]): Promise<CampaignVerdict> {
  const status = await db.query<{ status: string; n: number }>(`select status, count(*)::int n from campaign_sends where campaign_id = $1 group by 1`, [campaignId]);
  const rows = await db.query<{ phone: string; provider_message_id: string | null }>(
    `select phone, provider_message_id from outbound_messages where idempotency_key like 'campaign:' || $1 || ':%' and status = 'sent'`,
    [campaignId],
  );
  const phones = new Set((await db.query<{ phone: string }>(`select d.phone from campaign_sends s join doctors d on d.id = s.doctor_id where s.campaign_id = $1`, [campaignId])).map((r) => r.phone));
  const perPhone = new Map<string, number>();
  for (const d of delivered) if (phones.has(d.number)) perPhone.set(d.number, (perPhone.get(d.number) ?? 0) + 1);
  return {
    planned: status.reduce((a, r) => a + r.n, 0),
    by_status: Object.fromEntries(status.map((r) => [r.status, r.n])),
    sent_rows: rows.length,
    delivered: [...perPhone.values()].reduce((a, n) => a + n, 0),
    doctors_delivered_twice: [...perPhone.values()].filter((n) => n > 1).length,
    delivered_doctors: perPhone.size,
  };
}
