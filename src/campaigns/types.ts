import { z } from 'zod';

/** Spec 5.3: the five kinds of campaign, in the operators' words. */
export const CAMPAIGN_TYPES = ['prospeccao', 'oferta', 'reativacao', 'followup', 'custom'] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'running', 'paused', 'completed', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_ACTIONS = ['start', 'pause', 'resume', 'cancel'] as const;
export type CampaignAction = (typeof CAMPAIGN_ACTIONS)[number];

/** Who the campaign may reach; the exclusions (opt-out, cooling-off, human control) always apply. */
export const audienceSchema = z
  .object({
    specialty: z.string().min(1).optional(),
    region: z.string().min(1).optional(),
    city: z.string().min(1).optional(),
    /** Last contact at least this many days ago (reactivation). */
    inactive_days: z.number().int().min(1).max(3650).optional(),
    /** Only doctors Júlia never talked to (prospecting). */
    never_contacted: z.boolean().optional(),
    /** Skip anyone contacted (either way) in the last N days; default 3. */
    recent_days: z.number().int().min(0).max(365).optional(),
    permission_states: z.array(z.enum(['opted_in', 'cooling_off'])).min(1).optional(),
  })
  .strict();
export type Audience = z.infer<typeof audienceSchema>;

export const newCampaignSchema = z.object({
  name: z.string().trim().min(1).max(200),
  type: z.enum(CAMPAIGN_TYPES),
  /** Body with {{variables}}: nome, primeiro_nome, especialidade, cidade, regiao (+ plantão fields for oferta). */
  template: z.string().trim().min(1).max(3_000),
  /** Opening line template; the LLM may personalise it when `personalize` is on. */
  opener: z.string().trim().min(1).max(500).optional(),
  personalize: z.boolean().default(false),
  audience: audienceSchema.default({}),
  shift_id: z.string().uuid().optional(),
  created_by: z.string().min(1).default('system'),
  /** The request that created it (a confirmed Slack action): creating again with it returns the same campaign. */
  source_key: z.string().min(1).max(100).optional(),
});
export type NewCampaign = z.input<typeof newCampaignSchema>;

export interface Campaign {
  id: string;
  name: string;
  type: CampaignType;
  status: CampaignStatus;
  template: string;
  opener: string | null;
  personalize: boolean;
  audience: Audience;
  shift_id: string | null;
  created_by: string;
  starts_at: string | null;
  planned_at: string | null;
  started_at: string | null;
  finished_at: string | null;
  created_at: string;
}

export interface CampaignProgress {
  campaign_id: string;
  status: CampaignStatus | null;
  planned: number;
  queued: number;
  dispatched: number;
  sent: number;
  blocked: number;
  skipped: number;
  blocked_by_rule: Record<string, number>;
  replied: number;
}

/** A send record handed to the dispatcher, with what the template needs. */
export interface ClaimedSend {
  id: number;
  doctor_id: string;
  outbound_key: string;
  name: string | null;
  city: string | null;
  region: string | null;
  specialty: string | null;
  last_instance?: string | null;
  instance?: string | null;
  campaign_id?: string;
  campaign_status?: CampaignStatus;
}
