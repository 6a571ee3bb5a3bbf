// Words the objection rules share, on retrieval's normal form (folded, abbreviations expanded, no punctuation).

export const MSG = '(?:mensage\\w*|vaga\\w*|oferta\\w*)';
export const SPECIALTY =
  '(?:ortopedia|pediatria|uti|cirurgia|obstetricia|ginecologia|cardiologia|neurologia|psiquiatria|anestesia|clinica medica|emergencia|trauma)';
export const SPECIALIST =
  '(?:cirurgia\\w*|clinic[oa]|pediatra|ortopedista|anestesista|intensivista|ginecologista|obstetra|cardiologista|neurologista|psiquiatra|generalista|emergencista)';
export const STAFF = '(?:medic[oa]|cirurgia\\w*|anestesista|pediatra|ortopedista|intensivista|plantonista|enfermeir\\w*|tecnic\\w*|seguranca|retaguarda)';
export const AREA = '(?:ortopedia|pediatria|uti|cirurgia(?: geral)?|obstetricia|ginecologia|clinica(?: geral| medica)?|anestesia|emergencia|trauma)';
export const SPECIALIST_OF_AREA =
  '(?:cirurgia\\w*|clinic[oa]|pediatra|ortopedista|anestesista|intensivista|ginecologista|obstetra|cardiologista|neurologista|psiquiatra|generalista|dermato\\w*)';
export const WARD = '(?:ps|pronto socorro|uti|upa|sala vermelha|emergencia|plantao|enfermaria)';
// Days, dates and shifts, as the normaliser leaves them (folded, abbreviations expanded).
export const WHEN =
  '(?:segunda|terca|quarta|quinta|sexta|sabado|domingo|fim de semana|feriado|dia \\d{1,2}|essa semana|semana que vem|de dia|de noite|a noite|noturno|diurno|madrugada|de manha|a tarde)(?:s)?(?:-feira)?';
