import type { KnnVote } from '../../neighbours/knn.js';
import type { ObjectionLabel } from '../../labels.js';

/**
 * A domain lexicon per objection type: word stems and short phrases, each with
 * a weight (2 = says the type by itself, 1 = leans towards it). It is the
 * generalising layer between the precise rules and the nearest neighbours.
 * The local embedder matches words and trigrams, so a paraphrase that shares
 * no word with any exemplar ("o valor não cobre nem a gasolina") lands on a
 * "none" neighbour; the lexicon knows that "gasolina" and "cobre" are about
 * money. Cross-validation on the exemplars and set 1 (bench/detectors-cv.ts,
 * neighbourhood held out) picked the score floor and margin below.
 *
 * Patterns run on retrieval's normalised text: folded, abbreviations expanded,
 * padded with spaces.
 */
type Cue = readonly [RegExp, number];

const CUES: Record<ObjectionLabel, readonly Cue[]> = {
  preco: [
    [/\b(valor|valores|preco|remuneracao|pagamento por hora|por hora|taxa de intermediacao)\b/, 1],
    [/\b(caro|barato|mixaria|merreca|esmola|piada|gasolina|uber|compensa|fecha|cobro|cobra mais|ganho|ganhar|pagam|paga mais|pagar mais|pagam mais|adicional|bonus|mercado|tabela)\b/, 1],
    [/\b\d{3,5}\b|\b\d+ ?(k|mil|reais)\b/, 1],
    // A price floor: "só faço por 2 mil", "não pego por menos de 1500".
    [/\b(faco|pego|trabalho|vou|topo) (so )?por (menos de |abaixo de )?\d/, 2],
    [/\b(menos (que|do que) isso|por menos|abaixo do|acima de|se fosse|paga\w* (bem |muito )?(pouco|mal)|muito pouco|pouco demais|nao (cobre|cubro|paga|pago) nem)\b/, 2],
    // Another payer compared: "outras empresas pagam bem mais", "lá pagam melhor".
    [/\b(outr\w+|la|ali|eles|concorrencia|empresas?|hospital) paga\w* (bem |muito )?(mais|melhor)\b/, 2],
  ],
  tempo: [
    [/\b(tempo|agenda|corrid\w*|ocupad\w*|atolad\w*|enrolad\w*|sobrecarregad\w*|impossivel|encaixar|sobra|dando conta|apertad\w*)\b/, 2],
    [/\b(compromisso\w*|semana|mes|sobreaviso|residencia|prova|congresso|viagem|viajando|mudanca|\d+ ?h(oras)? por semana|mes que vem|agora nao)\b/, 1],
  ],
  confianca: [
    [/\b(golpe|golpista\w*|engan\w*|acreditar|pe atras|existe mesmo|fraude|suspeit\w*|estranh\w*|desconfi\w*|confiavel|confianca|conheco|ouvi falar|nunca vi|cnpj|site|instagram|linkedin|(?<!\b(?:e|eh|sao|uma|um) (?:uma |um )?)referencia\w*|indicou|indicacao)\b/, 2],
    [/\b(meu (numero|contato|telefone)|quem (te |lhe )?(deu|passou)|como (voces )?(conseguiram|conseguiu|acharam|achou)|empresa (de verdade|seria|registrada|real)|registrad\w*|endereco da empresa|dados)\b/, 2],
    [/\b(empresa|voces)\b/, 1],
  ],
  processo: [
    [/\b(documento\w*|cadastr\w*|papelada|papel|formulario|burocra\w*|pj|abrir empresa|firma|certid\w*|comprovante|exame|vacina\w*|nota fiscal|integracao|treinamento|presencial|assinar|assinatura|upload|senha|login|link)\b/, 2],
    [/\b(app|aplicativo|site|sistema|trava|preencher|mandar de novo|de novo|diploma|lento|demorado|mandei tudo|pedem)\b/, 1],
  ],
  disponibilidade: [
    [/\b(longe|distante|perto|moro|zona (sul|norte|leste|oeste)|bairro|cidade|km|transito|estacionamento|carro|deslocamento|pediatr\w*|crianca\w*|infantil|adulto\w*|especialidade|escalad\w*|folga|livre)\b/, 2],
    [/\b(nao atendo|nao faco|so faco(?! por)|so posso|so pego(?! por)|nao sou|sou (generalista|clinico))\b/, 2],
    [/\b(\d+ ?h|madrugada|noturno|diurno|sabado|domingo|segunda|terca|quarta|quinta|sexta|feriado|fim de semana|dia \d+|manha|tarde|noite|uti|horario)\b/, 1],
  ],
  qualidade: [
    [/\b(bagunca|caos|zona|falta de|falta tudo|luva|material|insumo\w*|estrutura|retaguarda|superlot\w*|corredor|gestao|fama|famoso|mal falado|precari\w*|raio x|funcionando|sucateado)\b/, 2],
    [/\b(hospital|lugar|equipe|enfermagem|coordenacao|paciente\w*|demanda|especialista|horrivel|pessim\w*|ruim|piso|nunca mais)\b/, 1],
  ],
  lealdade: [
    [/\b(outra (empresa|agencia|plataforma|cooperativa)|outro (aplicativo|app|grupo)|cooperativa|agencia|exclusiv\w*|escala fixa|sou fixo|fixa|fixo|avulso|por fora|satisfeit\w*|fiel|parceir\w*|sempre trabalhei)\b/, 2],
    // "minha escala" alone is his schedule ("vou ver minha escala"), not another employer.
    [/\b(ja (tenho|trabalho|pego)|meu grupo|minha equipe|compromisso com)\b/, 2],
  ],
  risco: [
    [/\b(calote|devendo|garant\w*|seguro|multa|proteg\w*|respaldo|responsabilidade|traumatiz\w*|sumiu com|cancelad\w* em cima|em cima da hora)\b/, 2],
    // Safety is a risk to the doctor, not a verdict on the hospital.
    [/\b(insegur\w*|receio|medo|arriscad\w*|perigos\w*|assalt\w*|agress\w*|violen\w*|sozinh[oa]|sem ninguem|render)\b/, 2],
    [/\b(contrato|receber|recebo|atrasa\w*|atraso|cobre|problema com paciente|juridic\w*|processo)\b/, 1],
  ],
  motivacao: [
    [/\b(cansad\w*|cansei|esgotad\w*|exaust\w*|burn ?out|saturad\w*|desanim\w*|animo|pausa|desacelerar|largar|larguei|aposent\w*|saco cheio|virar noite|qualidade de vida|saude mental)\b/, 2],
    [/\b(familia|saude|vida|fase|foco|focar|acabou|chega|parar|pensar em plantao|ritmo|limite|prioridade|vantagem|anim\w*|imposto|nao preciso|diminuir|consultorio)\b/, 1],
  ],
  comunicacao: [
    [/\b(email|e mail|ligacao|audio\w*|muito texto|resume|resumir|demora|desculpa|desculpe|nem tinha visto|vi agora|nao vi|sumi|sumico|nao respondi|de responder|te respondo|sem celular|assistente|secretaria|mesma vaga)\b/, 2],
    [/\b(mensage\w*|whatsapp|celular|responder|respondo|texto|depois|de noite|em plantao)\b/, 1],
  ],
};

// A plain question about a topic ("e o valor?", "qual paga melhor?", "tem algo
// na zona leste?") names the topic without resisting it: no objection unless
// the message also carries a refusal or a judgement.
const OPEN_QUESTION = /^ (?:(?:oi|ola|julia|doutora?|bom dia|boa tarde|boa noite|entao|e ai) )*(?:e (?:o|a|os|as|quanto|qual|quais|se|la)|qual|quais|tem (?:algum|alguma|algo|vaga)|como (?:que )?(?:funciona|e)|onde|quando|quanto|posso|pode|consigo|voces (?:trabalham|tem)|voce sabe|o que e|vai (?:cair|ser|vir|entrar) (?:\S+ ){0,6}?(?:liquido|bruto))\b/;
// "pode parar de mandar X", "pode me excluir" are requests, not questions about a topic.
const RESISTS = /\b(parar|excluir|remover|descadastr\w*|nao|nem|nunca|caro|pouco|medo|ruim|longe|demais|complicado|dificil|pessim\w*|horrivel|atras\w*|cancel\w*|golpe|calote|risco|seguro|garant\w*|problema|confi\w*|sozinh\w*)\b/;

const SHOWS_INTEREST = /\b(disponivel|tenho interesse|me interess\w*|quero|topo|aceito|vi a vaga|vi o plantao|gostei|pode reservar|fechado)\b/;

/** A neutral question about a topic: neither the lexicon nor a weak neighbour makes it an objection. */
export function isOpenQuestion(normalized: string): boolean {
  return OPEN_QUESTION.test(normalized) && !RESISTS.test(normalized);
}

export const CUE_TUNING = {
  /** Least score for the lexicon to name a type. */
  minScore: 2,
  /** Lead over the runner-up: a tie between types is not an answer. */
  minMargin: 1,
  /** A "none" exemplar this close means the message is a known neutral phrasing. */
  noneVeto: 0.6,
};

const MAX_HITS_PER_CUE = 2;

function distinctHits(pattern: RegExp, text: string): number {
  const global = new RegExp(pattern.source, 'g');
  return new Set(Array.from(text.matchAll(global), (m) => m[0])).size;
}

export function cueScores(normalized: string): Array<[ObjectionLabel, number]> {
  const scores: Array<[ObjectionLabel, number]> = [];
  for (const [label, cues] of Object.entries(CUES) as Array<[ObjectionLabel, readonly Cue[]]>) {
    let score = 0;
    // Two different words of one family are more evidence than one ("diminuir o ritmo"), capped
    // so a long message does not win on length alone.
    for (const [pattern, weight] of cues) score += weight * Math.min(MAX_HITS_PER_CUE, distinctHits(pattern, normalized));
    if (score > 0) scores.push([label, score]);
  }
  return scores.sort((a, b) => b[1] - a[1]);
}

/**
 * The detector's fallback: when neither a rule nor a confident neighbour
 * decided, the lexicon names a type if one clearly leads. The neighbours still
 * speak: a close "none" exemplar vetoes, and among tied types the one the
 * neighbours lean to wins.
 */
export function objectionFromCues(normalized: string, votes: KnnVote[], tuning: Partial<typeof CUE_TUNING> = {}): ObjectionLabel | null {
  const t = { ...CUE_TUNING, ...tuning };
  if (isOpenQuestion(normalized)) return null;
  // Interest in a shift, with no sign of resistance, is not an objection: the shift's own words
  // ("vi a vaga de sábado na UTI adulto, ainda tá disponível?") would otherwise read as topics.
  if (SHOWS_INTEREST.test(normalized) && !RESISTS.test(normalized)) return null;
  const none = votes.find((v) => v.label === 'none');
  if (none && none.best >= t.noneVeto && votes[0]?.label === 'none') return null;
  const scores = cueScores(normalized);
  const [first, second] = scores;
  if (!first || first[1] < t.minScore) return null;
  if (second && first[1] - second[1] < t.minMargin) {
    const tied = scores.filter((s) => s[1] === first[1]).map((s) => s[0]);
    const lean = votes.find((v) => tied.includes(v.label as ObjectionLabel));
    return (lean?.label as ObjectionLabel | undefined) ?? null;
  }
  return first[0];
}
