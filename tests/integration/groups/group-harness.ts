import { readFileSync } from 'node:fs';
import { createGroupProcessor, loadGroupPrompt, type GroupProcessor } from '../../../src/groups/index.js';
import { createAnthropicClient } from '../../../src/integrations/anthropic/index.js';
import { fixedClock, normalizePhone, silentLogger, spParts } from '../../../src/shared/index.js';
import type { AnthropicFake, AnthropicStep } from '../../fakes/anthropic-fake.js';
import { modelOutputs } from '../../fixtures/groups/model-outputs.js';
import { allowGroup } from '../../helpers/group-access.js';
import type { TestDb } from '../../helpers/test-db.js';

export interface Post { id: string; group: string; sentAt: string; sender: string; kind?: string; body: string | null }
export interface Expected { hospital: string; specialty: string; date: string; start: string; end: string; value: number | null; contact?: string }

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`../../fixtures/groups/${name}`, import.meta.url), 'utf8'));
export const posts: Post[] = fixture('posts.json');
export const expected: Record<string, Expected[]> = fixture('expected.json').posts;

/** The scripted model: answers each post with its hand-written output (found by the post text in the prompt). */
export function scriptedModel(delayMs = 0) {
  return (call: { messages: Array<{ content: unknown }> }): AnthropicStep => {
    const prompt = JSON.stringify(call.messages);
    // The longest matching body: a forwarded post contains the original's text.
    const post = posts
      .filter((p) => p.body && prompt.includes(JSON.stringify(p.body).slice(1, -1)))
      .sort((a, b) => b.body!.length - a.body!.length)[0];
    return { text: (post && modelOutputs[post.id]) ?? '{"vagas": []}', delayMs };
  };
}

/** The fixture's groups are the company's own channels: allowed and trusted, so complete shifts import without review. */
export async function trustFixtureGroups(db: TestDb): Promise<void> {
  for (const jid of new Set(posts.map((p) => p.group))) await allowGroup(db, jid, { trusted: true });
}

export function makeProcessor(db: TestDb, anthropic: AnthropicFake, clock = fixedClock('2026-11-23T11:00:00Z')): { processor: GroupProcessor; clock: typeof clock } {
  const llm = createAnthropicClient({ apiKey: 'test', baseURL: anthropic.url, timeoutMs: 10_000, maxRetries: 0 });
  return { processor: createGroupProcessor({ db, clock, logger: silentLogger, llm, model: 'claude-haiku-4-5', prompt: loadGroupPrompt() }), clock };
}

export async function savePost(db: TestDb, p: Post, instance = 'julia-1'): Promise<string> {
  const res = await db.rpc<{ id: string | null }>('group_message_save', {
    p_message: { instance, providerMessageId: p.id, chatJid: p.group, phone: p.sender, kind: p.kind ?? 'text', text: p.body, sentAt: p.sentAt },
  });
  if (!res.id) throw new Error(`post ${p.id} already saved`);
  return res.id;
}

const hhmm = (iso: string | null) => {
  if (!iso) return null;
  const p = spParts(new Date(iso));
  return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
};
const ymd = (iso: string | null) => {
  if (!iso) return null;
  const p = spParts(new Date(iso));
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
};

export interface Got { groupShiftId: string; status: string; hospital: string | null; specialty: string | null; date: string | null; start: string | null; end: string | null; value: number | null; contact: string | null }

/** What the pipeline recorded for one message: one row per source, with this message's own extracted values. */
export async function recorded(db: TestDb, messageId: string): Promise<Got[]> {
  const rows = await db.query<{ gid: string; status: string; slug: string | null; proposal: string | null; spec: string | null; x: Record<string, unknown> }>(
    `select g.id gid, g.status, h.slug, p.name proposal, sp.slug spec, s.extracted x
       from group_shift_sources s join group_shifts g on g.id = s.group_shift_id
       left join hospitals h on h.id = g.hospital_id left join hospital_proposals p on p.id = g.proposal_id
       left join specialties sp on sp.id = g.specialty_id
      where s.group_message_id = $1 order by s.created_at`,
    [messageId],
  );
  return rows.map((r) => ({
    groupShiftId: r.gid,
    status: r.status,
    hospital: r.slug ?? (r.proposal ? `novo:${r.proposal}` : null),
    specialty: r.spec,
    date: ymd(r.x.startsAt as string | null),
    start: hhmm(r.x.startsAt as string | null),
    end: hhmm(r.x.endsAt as string | null),
    value: r.x.valueCents == null ? null : (r.x.valueCents as number) / 100,
    contact: (r.x.contact as string | null) ?? null,
  }));
}

const FIELDS = ['hospital', 'specialty', 'date', 'start', 'end', 'value', 'contact'] as const;

function fieldValue(e: Expected | Got, f: (typeof FIELDS)[number]): string | number | null {
  const v = (e as unknown as Record<string, string | number | null | undefined>)[f] ?? null;
  return f === 'contact' && typeof v === 'string' ? normalizePhone(v) : v;
}

/** Field-level counts for one post: pairs extracted and expected shifts greedily by fields in agreement. */
export function scorePost(exp: Expected[], got: Got[]) {
  let predicted = 0, relevant = 0, correct = 0;
  const unused = [...got];
  for (const e of exp) for (const f of FIELDS) if (fieldValue(e, f) !== null) relevant++;
  for (const g of got) for (const f of FIELDS) if (fieldValue(g, f) !== null) predicted++;
  for (const e of exp) {
    let best = -1, bestHits = 0;
    unused.forEach((g, i) => {
      const hits = FIELDS.filter((f) => fieldValue(e, f) !== null && fieldValue(e, f) === fieldValue(g, f)).length;
      if (hits > bestHits) [best, bestHits] = [i, hits];
    });
    if (best >= 0) {
      correct += bestHits;
      unused.splice(best, 1);
    }
  }
  return { predicted, relevant, correct };
}

export const naturalKey = (e: Expected) => `${e.hospital}|${e.specialty}|${e.date}|${e.start}`;
