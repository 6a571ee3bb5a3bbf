import { z } from 'zod';

/**
 * The four operational flags (spec 11.2). Each value is parsed leniently: a
 * malformed row falls back to the safe default for that flag only.
 */
export const FLAG_KEYS = ['safe_mode', 'campaigns', 'policy_engine', 'disabled_rules'] as const;
export type FlagKey = (typeof FLAG_KEYS)[number];

const safeMode = z.object({ enabled: z.boolean(), mode: z.string().default('wait') });
const enabled = z.object({ enabled: z.boolean() });
const disabledRules = z.object({ rules: z.array(z.string()).default([]) });

export const FLAG_SCHEMAS = {
  safe_mode: safeMode,
  campaigns: enabled,
  policy_engine: enabled,
  disabled_rules: disabledRules,
} as const;

export interface Flags {
  safeMode: { enabled: boolean; mode: string };
  campaigns: { enabled: boolean };
  policyEngine: { enabled: boolean };
  disabledRules: string[];
  /** Where the values came from, for logs and tests. */
  source: 'memory' | 'redis' | 'database' | 'defaults';
}

/**
 * Used when neither Redis nor the database answers. Safe means "do not start
 * anything proactive we cannot account for": safe_mode on pauses proactive
 * sends while replies to doctors who just wrote still go out.
 */
export const SAFE_DEFAULTS: Record<FlagKey, unknown> = {
  safe_mode: { enabled: true, mode: 'wait' },
  campaigns: { enabled: false },
  policy_engine: { enabled: true },
  disabled_rules: { rules: [] },
};

export function toFlags(raw: Partial<Record<string, unknown>>, source: Flags['source']): Flags {
  const pick = <K extends FlagKey>(key: K) => {
    const parsed = FLAG_SCHEMAS[key].safeParse(raw[key]);
    return (parsed.success ? parsed.data : FLAG_SCHEMAS[key].parse(SAFE_DEFAULTS[key])) as z.infer<(typeof FLAG_SCHEMAS)[K]>;
  };
  return {
    safeMode: pick('safe_mode'),
    campaigns: pick('campaigns'),
    policyEngine: pick('policy_engine'),
    disabledRules: pick('disabled_rules').rules,
    source,
  };
}
