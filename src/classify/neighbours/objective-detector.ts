import { createDetector, type Detector, type Rule } from './detector.js';
import type { Exemplar } from './exemplars.js';
import type { ObjectiveLabel } from '../labels.js';

// Priority order: a clear refusal or a complaint outranks everything else in the
// same message; asking for information is the weakest signal and comes last.
const RULES: Rule<ObjectiveLabel>[] = [
  {
    // Turning down one shift, date or hospital is still talking about offers; only a
    // refusal of the contact itself is "sem interesse".
    label: 'oferta',
    pattern:
      /\b(nao|sem) \w*( \w+)? ?(essa|esse|nessa|nesse|desse|dessa|de|do|da) (vaga|plantao|data|dia|hospital|turno|noturno|diurno|segunda|terca|quarta|quinta|sexta|sabado|domingo)\b/,
  },
  {
    label: 'sem_interesse',
    pattern:
      /(^ nao( obrigad\w*)? $|\b(nao tenho (mais )?interesse|sem interesse|nao (me )?interessa|(me )?(tira|tire|remove|remova) (da|dessa|desta|meu numero|o meu numero)|(para|pare) de (me )?mandar|nao (me )?(mande|mandem|manda|chame) mais|descadastr\w*|nao (obrigado|obrigada|valeu)|dispenso|nao vou querer|nao quero (nao|mais|nada|receber))\b)/,
  },
  {
    label: 'reclamacao',
    pattern:
      /\b(reclama\w*|absurdo|nao (me )?pagaram|nao recebi|(ainda|ate agora) nao (caiu|recebi|pagaram|pagou)|pagamento (esta )?atrasad\w*|atrasou|cade (o |meu )?(pagamento|dinheiro)|(pessimo|horrivel) atendimento|descaso|falta de respeito|ninguem (me )?respond\w*|me (cancelaram|cancelou|deixaram na mao)|problema (com|no) (o )?(pagamento|ultimo plantao|repasse))\b/,
  },
  {
    label: 'negociacao',
    pattern:
      /\b((consegue|da pra|tem como|daria pra|teria como) (melhorar|aumentar|subir|fazer por|chegar (em|a))|(faco|fecho|topo|pego) (por|se for)|por \d+ (eu )?(faco|fecho|topo|pego)|contraproposta|negoci\w*|(melhorar|aumentar|subir) (o |esse |um pouco o )?(valor|preco)|se (pagar\w*|for|fizer) \d+|adiantamento|antecip\w*|(valor|preco) (maior|melhor))\b/,
  },
  {
    label: 'interesse_passivo',
    pattern:
      /\b(mais (pra|para) frente|quem sabe|(me )?(chama|procura|avisa|lembra|fala) (comigo )?(no mes que vem|mes que vem|depois|mais tarde|quando)|mes que vem|ano que vem|proximo mes|agora nao (mas|porem)|por enquanto nao|talvez (depois|mais tarde|outro dia|outra hora)|guarda (meu|o meu) (contato|numero)|(pode|podem) me (avisar|chamar) (quando|se)|(quando|se) aparecer)\b/,
  },
  {
    label: 'oferta',
    pattern:
      /\b(tenho interesse|me interess\w*|quero (esse|essa|sim|pegar|o plantao|a vaga)|(pode|podem) (reservar|marcar|colocar|por) (meu nome|pra mim|para mim|o meu nome)|reserva (pra|para) mim|fechado|topo sim|aceito|vou querer|eu pego|pego (esse|sim)|(tem|teria) (alguma )?(vaga|plant\w*)|quais (vagas|plantoes)|(manda|mande|me passa) (as |os )?(vagas|plantoes|opcoes)|alguma vaga|algum plant\w*)\b/,
  },
  {
    label: 'feedback',
    pattern:
      /\b(gostei|adorei|amei|(foi|foram) (otimo|bom|tranquilo|excelente|legal|show|pessimo|ruim|top)|(otimo|excelente|bom) (atendimento|servico|plantao)|parabens|recomend\w*|sugest\w*|sugiro|elogi\w*|nota \d+|experiencia (foi|com voces))\b/,
  },
  {
    label: 'descoberta',
    pattern:
      /\b(quem (e|fala|e voce|sao voces)|(quem|como) (te )?(passou|conseguiu|achou|pegou) (o )?meu|nunca ouvi falar|(o que|como) (voces fazem|funciona (a empresa|isso|com voces))|(queria|quero|gostaria de) (me )?(cadastrar|entrar|trabalhar com voces|saber como funciona|conhecer)|me indic\w*|(sou|acabei de me) (novo|nova|recem)|primeira vez)\b/,
  },
  {
    label: 'informacao',
    pattern:
      /\b(robo|bot|chatgpt|inteligencia artificial|(uma|e) ia|automatic\w*|maquina|humana|humano|quanto (paga|e|esta|fica|tempo)|qual (e )?(o |a )?(valor|endereco|horario|hospital|local|prazo|forma|especialidade|carga)|onde (fica|e)|que horas|como (e|seria|faco|funciona)|quais (sao )?(os )?documentos|forma de pagamento|prazo de pagamento|quando (cai|paga|pagam|recebo)|tem (estacionamento|refeicao|alimentacao|conforto)|e (pj|clt|rpa)|(me )?(explica|fala mais|conta mais))\b/,
  },
];

/** What the doctor wants from this conversation (spec 4.4). */
export function createObjectiveDetector(exemplars: Exemplar[]): Detector<ObjectiveLabel> {
  return createDetector<ObjectiveLabel>({
    rules: RULES,
    exemplars,
    minSimilarity: 0.25,
    minShare: 0.35,
    // Every doctor message serves some objective: the neighbours' best guess, else
    // a question is a request for information and anything else is about the offer.
    fallback: (normalized, votes) => (votes[0]?.label as ObjectiveLabel | undefined) ?? (/\?/.test(normalized) ? 'informacao' : 'oferta'),
  });
}
