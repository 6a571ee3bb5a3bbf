import { z } from 'zod';

/**
 * The operational flags (spec 11.2, plus fill_plans). Each value is parsed leniently: a
 * malformed row falls back to the safe default for that flag only.
 */
export const FLAG_KEYS = ['safe_mode', 'campaigns', 'policy_engine', 'disabled_rules', 'fill_plans'] as const;
export type FlagKey = (typeof FLAG_KEYS)[number];

const safeMode = z.object({ enabled: z.boolean(), mode: z.string().default('wait') });
const enabled = z.object({ enabled: z.boolean() });
const disabledRules = z.object({ rules: z.array(z.string()).default([]) });

export const FLAG_SCHEMAS = {
  safe_mode: safeMode,
  campaigns: enabled,
  policy_engine: enabled,
  disabled_rules: disabledRules,
  fill_plans: enabled,
} as const;

/**
 * What each flag does, in the words an operator reads (CLI, Slack status).
 * Keep in step with ARCHITECTURE.md section 6 and src/outbound/safe-mode-lateness.ts.
 */
export const FLAG_HELP: Record<FlagKey, string> = {
  safe_mode:
    'Pausa a Júlia ({enabled, mode: "wait"}). Enquanto ligado: as respostas automáticas da Júlia param ' +
    '(bloqueadas com R4b_safe_mode); os envios proativos ESPERAM, sem registro nem evento, e saem quando o ' +
    'flag for desligado, se ainda valerem. Cada método tem uma janela de atraso contada de quando era devido: ' +
    'REMINDER 2 h, FOLLOWUP 2 dias, CAMPAIGN 3 dias, REACTIVATION 7 dias, COMMAND/MANUAL 24 h, FILL_OFFER 2 h. Passada a ' +
    'janela, o envio é encerrado como outbound_blocked (safe_mode_expired), o lembrete fica "expired" e os ' +
    'gestores são avisados. Lembretes não são cancelados pelo safe_mode. Uma pessoa (MANUAL pelo Chatwoot, ' +
    'COMMAND pelo Slack) escrevendo até 24 h depois da última mensagem do médico envia mesmo com safe_mode ' +
    '(opt-out ainda exige bypass com motivo; limites por número valem). Verificado de novo no banco, sob o ' +
    'lock do telefone, imediatamente antes da chamada ao provedor.',
  campaigns:
    'Liga/desliga campanhas (R4a). Desligado bloqueia na hora do envio tudo o que vem de campanha: CAMPAIGN, REACTIVATION e o ' +
    'follow-up de uma conversa que uma campanha começou; os demais follow-ups, lembretes e respostas continuam.',
  policy_engine: 'Liga/desliga o motor de política (decidir_proxima_acao).',
  disabled_rules: 'Regras desligadas pelo operador: só R1, R2, R3 e R4a. R-1, R0 (opt-out) e R4b (safe_mode) nunca.',
  fill_plans:
    'Liga/desliga os planos de preenchimento: a Júlia oferece sozinha, em ondas, os plantões abertos dos próximos dias aos ' +
    'médicos mais indicados. Ligado por padrão; cada hospital também pode ser desligado. Desligado, nenhuma onda nova sai.',
};

export interface Flags {
  safeMode: { enabled: boolean; mode: string };
  campaigns: { enabled: boolean };
  policyEngine: { enabled: boolean };
  disabledRules: string[];
  /** Fill plans' global switch (src/fill); per-hospital settings live in their table. */
  fillPlans: { enabled: boolean };
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
  // Nothing proactive we cannot account for: no new waves while the stores are unreachable.
  fill_plans: { enabled: false },
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
    fillPlans: pick('fill_plans'),
    source,
  };
}
