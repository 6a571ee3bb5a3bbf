/** Spec 4.2: the ten objection types. */
export const OBJECTION_LABELS = [
  'preco', 'tempo', 'confianca', 'processo', 'disponibilidade',
  'qualidade', 'lealdade', 'risco', 'motivacao', 'comunicacao',
] as const;
export type ObjectionLabel = (typeof OBJECTION_LABELS)[number];

/** Spec 4.3: the seven doctor profiles. */
export const PROFILE_LABELS = [
  'eficiente', 'senior', 'junior', 'conservador', 'aventureiro', 'preco_sensivel', 'qualidade_focado',
] as const;
export type ProfileLabel = (typeof PROFILE_LABELS)[number];

/** Spec 4.4: the eight conversation objectives. */
export const OBJECTIVE_LABELS = [
  'descoberta', 'oferta', 'negociacao', 'reclamacao', 'feedback', 'informacao', 'interesse_passivo', 'sem_interesse',
] as const;
export type ObjectiveLabel = (typeof OBJECTIVE_LABELS)[number];

/** Where each label's playbook lives under knowledge/. */
export const PLAYBOOK_PREFIX = {
  objection: 'objections/',
  profile: 'profiles/',
  objective: 'objectives/',
} as const;
