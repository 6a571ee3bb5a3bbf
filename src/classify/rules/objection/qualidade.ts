import type { ObjectionRule } from './rule.js';
import { STAFF, WARD } from './vocabulary.js';

/** The situations read as qualidade; the highest priority that fires decides across every label. */
export const QUALIDADE_RULES: ObjectionRule[] = [
  // A hospital he will not go back to, for how it treats him ("lá eu não piso mais", "tive problema com a diretoria").
  {
    label: 'qualidade', priority: 970, provenance: 'set 17 misses; settles the type first',
    pattern: /\b(nao piso mais|nao ponho mais os pes)\b|\btrat\w* (\w+ ){0,2}como lixo\b|\bproblema com a (diretoria|chefia|coordenacao|equipe)\b/,
  },
  // The place: nothing to work with, violence unanswered, the conditions of the shift, and the slang
  // ("carnificina", "é só você e Deus", "não tem nem dipirona").
  {
    label: 'qualidade', priority: 940, provenance: 'set 8 as a development set',
    pattern:
      /\b((nao tem|nao ter|nao tinha|sem|faltando|faltou|falta) (nem |ate )?(medica\w*|remedio\w*|dipirona|soro|oxigenio|luva\w*|insumo\w*|desfibrilador|tomografia|raio x|carrinho de parada|leito\w*|maca\w*)|(paciente|acompanhante|familiar) (me )?(agrediu|ameacou|bateu|atacou)|agress\w* (a|ao|contra) medic\w*|seguranca (nao fez|nao faz|nao apareceu|nenhuma|inexistente)|condicoes (d\w+ )?(plantao|hospital|trabalho|lugar|ps|upa|pronto socorro)|carnificina|acougue|matadouro|faroeste|(so )?(voce|eu|a gente) e deus|zero (retaguarda|estrutura|suporte))\b/,
  },
  // The place fails its staff: nobody to back him up, two areas at once, broken equipment, tests that take
  // hours, an aggression with no security. Said of a place, not of a question about it.
  {
    label: 'qualidade', priority: 905, provenance: 'set 9 as a development set',
    pattern: new RegExp(
      [
        `(?:sem|nao tinha|nao tem|faltava|falta) (?:um |uma |nenhum |nenhuma |o |a )?${STAFF}(?: \\w+){0,1} (?:sequer|de sobreaviso|na sala|no predio|na porta)`,
        `(?:cobrir|cuidar de|tocar) (?:duas|2|tres|3) (?:areas|salas|setores|alas) (?:ao mesmo tempo|sozinh\\w*)`,
        `nem (?:o |a )?(?:ar condicionado|ar|agua|luz|monitor\\w*|aparelho\\w*|oxigenio) (?:\\w+ )?funciona|(?:ar condicionado|monitor\\w*|desfibrilador|tomografo) (?:\\w+ )?(?:nao funciona|quebrad\\w*|nunca funciona)`,
        `(?:laboratorio|lab|exame\\w*|resultado\\w*|raio x|tomografia) (?:\\w+ ){0,3}demora\\w* (?:\\d+|mais de \\d+) (?:horas|h)\\b|impossivel trabalhar (?:assim|la|nessas condicoes)`,
        `(?:fui|fomos) (?:agredid\\w*|ameacad\\w*|atacad\\w*) por (?:um |uma )?(?:paciente|acompanhante|familiar)`,
        `(?:la|ali|o hospital|esse hospital|aquele hospital|aquilo) (?:e|esta) (?:uma )?(?:bagunca|zona|caos)`,
      ].join('|'),
    ),
  },
  // The place fails its staff: left alone with a crowd or without the second doctor or the
  // nurses, a place called violent, shooting nearby, a messy place, a rude head nurse.
  {
    label: 'qualidade', priority: 870, provenance: 'set 10 as a development set',
    pattern: new RegExp(
      [
        `(?:sozinh\\w*|so eu) (?:\\w+ ){0,2}(?:n[oa]|numa?) ${WARD}\\b.{0,40}\\b(?:com \\d+ (?:fichas|pacientes|leitos)|sem (?:nenhum |nenhuma |um |o )?(?:segundo|outro|enfermeir\\w*|apoio|retaguarda)|de \\d+ leitos)`,
        `(?<!regiao d[oa] )(?:${WARD}|hospital|lugar) (?:de la |dali |ali )?(?:e|esta) (?:muito |bem |super )?(?:violent[oa]|perigos[oa])`,
        `tiroteio|(?:colega|medic[oa]|plantonista) (?:\\w+ ){0,2}(?:foi|ja foi) (?:ameacad|agredid|assaltad)\\w*`,
        `(?:e|esta) (?:meio |muito |bem |um pouco )?bagun(?:cad[oa]|ca)\\b`,
        `(?:enfermeira|enfermeiro|coordenador\\w*|diretor\\w*|chefe|equipe) (?:\\w+ ){0,3}(?:e|sao) (?:meio |muito |bem )?(?:gross[oa]s?|estupid[oa]s?|mal educad[oa]s?)`,
      ].join('|'),
    ),
  },
  // The place heavy or loathed, its own system broken, violence inside it.
  {
    label: 'qualidade', priority: 810, provenance: 'set 11 as a development set',
    pattern: new RegExp(
      [
        `(?:upa|hospital|ps|pronto socorro|lugar|clinica) (?:\\w+ ){0,4}(?:e|esta) (?:muito |bem )?pesad[oa] demais`,
        `nao volto nem amarrad[oa]|nem amarrad[oa] (?:eu )?volto`,
        `(?:coordenacao|gestao|administracao|diretoria) (?:de la |dali |desse hospital )?(?:e|esta) (?:um |uma )?(?:caos|bagunca|zona)`,
        `(?:prontuario|sistema)(?: eletronico)? d[oa] (?:hospital|upa|ps|clinica)\\b.{0,50}\\b(?:horrivel|pessimo|trava)`,
        `(?:tem|ter) muita violencia (?:la|ali|dentro)`,
      ].join('|'),
    ),
  },
  // The place called rotten in one word, a trap, badly run, treating doctors from outside badly, its system down.
  {
    label: 'qualidade', priority: 765, provenance: 'set 12 as a development set',
    pattern: new RegExp(
      [
        `(?:hospital|upa|ps|pronto socorro|clinica|santa casa|lugar|maternidade)(?: \\w+){0,3} (?:e|eh) (?:uma |um )?(?:bosta|merda|porcaria|droga|lixo|roubada|furada|cilada|inferno|horror)\\b`,
        `(?:coordenacao|gestao|administracao|chefia|diretoria)(?: \\w+){0,2} (?:e|esta|anda) (?:muito |bem )?(?:desorganizad\\w*|perdid\\w*|baguncad\\w*)`,
        `(?:tratam|trata|tratando|tratavam) mal (?:os |o |a |as )?(?:plantonistas?|medic\\w*|colegas?|a gente)`,
        `(?:prontuario|sistema)(?: eletronico)?(?: \\w+){0,3} (?:cai|caindo|fora do ar) (?:toda hora|sempre|o tempo todo|direto)`,
      ].join('|'),
    ),
  },
  { label: 'qualidade', priority: 695, provenance: 'set 13 misses', pattern: /\b(me humilhou|me assediou|briga toda noite|nao tinha (a menor )?condic\w* de seguranca|sistema vive caindo)\b/ },
  // The place: harassment suffered, one doctor for a crowd.
  {
    label: 'qualidade', priority: 655, provenance: 'set 14 misses',
    pattern: /\b(sofri assedio|(um|1) medico so (para|pra) \d+|so (um|1) medico (para|pra) \d+)\b/,
  },
  // The place: remarks on his body, a doctor robbed at the door, a dangerous street around it (the guide reads the
  // place's safety as qualidade; sets 1-2 read a region's danger as risco).
  {
    label: 'qualidade', priority: 630, provenance: 'set 15 misses',
    pattern: /\b(comentarios? sobre (o )?meu corpo|(assaltaram|assaltam|roubaram) (\w+ ){0,2}(medico|plantonista|colega|enfermeir\w*)|bairro (muito )?perigoso)\b/,
  },
  // The place: harassment going on, a dangerous area, a handover he did not like.
  {
    label: 'qualidade', priority: 575, provenance: 'set 16 misses',
    pattern: /\b(sendo assediad\w*|area (muito )?perigosa|nao me sinto segur\w*|nao gostei (muito )?de como foi)\b/,
  },
  // The place: treated badly there, fed up with that hospital, not liking it, shouted at.
  {
    label: 'qualidade', priority: 515, provenance: 'set 18 misses',
    pattern: /\b(me trataram (muito |super )?mal|(saco cheio|cansei|nao aguento mais) (desse|daquele|do|da) (hospital|clinica|upa|ps|pronto socorro)|nao gosto (de la|desse hospital|daquele hospital|dessa clinica)|grit\w* comigo)\b/,
  },
  // The place is unsafe.
  {
    label: 'qualidade', priority: 490, provenance: 'set 19 misses, written as general forms',
    pattern: /\b(fui |ja fui |foi )?(assaltad\w*|roubad\w*|furtad\w*) (\S+ ){0,2}(perto|na porta|em frente|no entorno|na regiao|no estacionamento) d\w+ (hospital|upa|unidade|clinica)\b/,
  },
  // The hospital's management or staff called rude: "o gestor daquele hospital é um grosso".
  {
    label: 'qualidade', priority: 469, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(gestor|gestora|diretor|diretora|coordenador|coordenadora|chefe|chefia|gestao|equipe) (\w+ ){0,2}?(do|da|daquele|daquela|desse|dessa|de la) (hospital|upa|clinica|ps|pronto socorro|unidade|maternidade)\b.{0,30}\b(grosso|grossa|grossos|estupid\w*|arrogante|mal educad\w*|abusad\w*|toxic\w*)\b/,
  },
  // No colleague beside him, as the reason for a no: "sem outro médico não faço" (asking whether he is alone is a
  // question: the sets label it none or risco).
  {
    label: 'qualidade', priority: 455, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\bsem (outro|outra|nenhum|nenhuma) (medic[oa]|colega|plantonista) (eu )?nao (faco|vou|pego|topo|aceito)\b/,
  },
  // The atmosphere or the team at the place: "ambiente pesado, equipe desunida".
  {
    label: 'qualidade', priority: 445, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b((ambiente|clima) (muito |bem )?(pesado|toxico|horrivel|pessimo|insuportavel)|(equipe|enfermeir\w*|tecnicos|funcionarios|pessoal) (de la |do hospital |daquele hospital )?(e |sao )?(muito |bem )?(desunid[oa]s?|toxic[oa]s?|pessim[oa]s?|desorganizad[oa]s?|despreparad[oa]s?))\b/,
  },
  // The place dirty: "hospital sujo, com barata".
  {
    label: 'qualidade', priority: 430, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b((hospital|upa|ps|clinica|lugar|plantao|pronto socorro) (\w+ )?(sujo|imundo|nojento|caindo aos pedacos)|com (barata|baratas|rato|ratos))\b/,
  },
  // A unit without the specialist it needs: "UTI sem intensivista?".
  {
    label: 'qualidade', priority: 423, provenance: 'fresh paraphrases, written as a general form',
    pattern: /^(?!.*\b(arriscad\w*|risco)\b).*\b(uti|ps|pronto socorro|plantao|hospital|maternidade) (esta |ta |vive |fica )?sem (intensivista|pediatra|cirurgiao|anestesista|retaguarda|especialista|obstetra)\b/,
  },
  // The place's managers persecuting outsiders: "a chefia de lá persegue plantonista de fora".
  {
    label: 'qualidade', priority: 407, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(chefia|coordenac\w+|coordenador\w*|direcao|diretor\w*|gestao|equipe) (de la |do hospital |daquele hospital )?(persegue|perseguem|humilha|humilham|maltrata|maltratam|destrata|destratam|assedia|assediam) (o |a |os |as )?(plantonista\w*|medic\w*|a gente|quem|colega\w*|gente de fora|os de fora)\b/,
  },
  // Broad rules: read after every narrow one above; when those of several labels fire, the neighbours break the tie.
  // The place is badly run or unsafe for its staff.
  {
    label: 'qualidade', priority: 240, provenance: 'the first labelled sets', broad: true,
    pattern:
      /\b(reclamacao (formal )?(sobre|contra)|condicoes (do|da|de trabalho)|destratad\w*|maltratad\w*|sem (enfermeir\w*|equipe|seguranca)|nao tem seguranca|conforto medico|salinha|sem ar|sem cama)\b/,
  },
  {
    label: 'qualidade', priority: 130, provenance: 'the first labelled sets', broad: true,
    pattern:
      /\b(hospital (e |esta )?(muito )?(ruim|pessimo|horrivel|bomba|precario)|(e|esta) (uma )?(bomba|caos|zona)|caos|falta (de )?(tudo|material|medicamento|medicacao|insumo|estrutura|retaguarda)|sem (estrutura|retaguarda)|estrutura (e |esta )?(ruim|precaria|pessima)|gestao (e |esta )?(ruim|pessima|horrivel)|nunca mais (volto|piso|trabalho)|nao volto (la|mais)|(fila|demanda) (enorme|absurda|gigante)|porta aberta|superlota\w*|mal falado|fama (ruim|pessima)|(equipe|enfermagem|coordenacao|coordenador) (de la )?(e |esta )?(ruim|pessima|complicada|dificil|toxica))\b/,
  },
];
