// The context a hand-off incident is told in, shared by the incident frames of sets 8-11.
// Where a roster failure is told from: at the hospital, from its staff, or against our own confirmation. Without
// one of these, "ainda não tô na escala de março" is a question about next month's roster, which Júlia answers.
export const AT_SITE_OR_CONFIRMED =
  /\b(?:cheguei|chegando|to aqui|estou aqui|tava aqui|na porta|na recepcao|na portaria|no hospital|na unidade|coordenador\w* d[oa] (?:ps|hospital|plantao|unidade|uti|setor))\b|\b(?:voce|voces) (?:me )?confirm\w*|\bconfirmaram\b|\b(?:tenho|tem) (?:o )?print\b|\b(?:estava|tava|foi|estavam) confirmad\w*/;
// Work done or money at stake: a company registration in doubt before any shift is a trust question ("tem CNPJ?").
export const WORK_OR_PAY = /\b(?:fiz|trabalhei|dei|cobri|ja fiz) (?:\S+ ){0,2}?(?:plantao|plantoes|turno|escala|\d+ ?h)\b|\b(?:nota fiscal|nota|pagamento|recebi|receber|pix|deposito|repasse|assinei)\b/;
export const WORKED = /\b(?:fiz|trabalhei|dei|cobri|ja fiz) (?:\S+ ){0,2}?(?:plantao|plantoes|turno|escala|\d+ ?h)\b/;
