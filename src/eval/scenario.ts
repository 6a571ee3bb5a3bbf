import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/** One scripted model step (offline only): the Anthropic fake's step shape, with placeholders. */
const stepSchema = z.record(z.string(), z.unknown());

const doctorTurnSchema = z.object({
  /** What the doctor writes (a caption for media). */
  text: z.string().default(''),
  kind: z.enum(['text', 'audio', 'image']).default('text'),
  /** Writes from his @lid account (WhatsApp hid the number) instead of his phone. */
  via: z.enum(['phone', 'lid']).default('phone'),
  /** Offline: what the model answers, in order, for this turn (tool rounds and any rewrite). */
  model: z.array(stepSchema).default([]),
});

const toolExpectation = z.object({
  name: z.string(),
  /** Argument values that must match (strings compared folded and trimmed); placeholders allowed. */
  args: z.record(z.string(), z.unknown()).optional(),
});

export const scenarioSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string(),
  category: z.string(),
  persona: z.object({
    name: z.string(),
    specialty: z.string().default('clinica-medica'),
    city: z.string().optional(),
    region: z.string().optional(),
    preferences: z.record(z.string(), z.unknown()).optional(),
    permission_state: z.enum(['opted_in', 'opted_out', 'cooling_off']).optional(),
    lid: z.string().regex(/^\d{6,20}$/).optional(),
  }),
  /** The conversation opens with an offer a fill plan made him (the soonest open shift of his specialty, as v1 once he answers). */
  fillOffer: z.boolean().optional(),
  turns: z.array(doctorTurnSchema).min(1),
  expect: z.object({
    reservation: z.boolean().default(false),
    /** Tools that must have been called (any order), with key arguments. */
    tools: z.array(toolExpectation).default([]),
    /** Tools that must NOT have been called. */
    forbiddenTools: z.array(z.string()).default([]),
    handoff: z.boolean().default(false),
    /** The doctor ends opted out (true), or must still be opted in (false). */
    optOut: z.boolean().optional(),
    /** A scheduled reminder at this São Paulo time, days from today: { days: 1, time: "10:00" }. */
    reminder: z.object({ days: z.number().int().min(0).max(30), time: z.string().regex(/^\d{2}:\d{2}$/) }).optional(),
    /** Words that must appear in what Júlia sent (folded), e.g. admitting she is a virtual assistant. */
    says: z.array(z.string()).default([]),
    /** Words that must not appear in what she sent. */
    neverSays: z.array(z.string()).default([]),
    /** All turns belong to one doctor record (phone/lid switch merged). */
    sameDoctor: z.boolean().optional(),
  }),
});

export type Scenario = z.infer<typeof scenarioSchema>;
export type DoctorTurn = Scenario['turns'][number];

/** Every *.json in the directory, sorted by file name; a malformed file is an error, not a skip. */
export function loadScenarios(dir: string): Scenario[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const parsed = scenarioSchema.safeParse(JSON.parse(readFileSync(join(dir, f), 'utf8')));
      if (!parsed.success) throw new Error(`scenario ${f}: ${parsed.error.message}`);
      return parsed.data;
    });
}
