import type { ObjectionRule } from './rule.js';
import { WHEN } from './vocabulary.js';
import { SPECIALTY, SPECIALIST, AREA, SPECIALIST_OF_AREA } from './vocabulary.js';

/** The situations read as disponibilidade; the highest priority that fires decides across every label. */
export const DISPONIBILIDADE_RULES: ObjectionRule[] = [
  // Where he lives against where the shifts are: moving away, living far from the only places offered,
  // one place refused while another is welcome ("não quero mais em Guarulhos, mas em SP pode mandar").
  {
    label: 'disponibilidade', priority: 935, provenance: 'set 8 as a development set',
    pattern:
      /\b((me )?mudando|vou me mudar|me mudei|mudei|mudar) (para|de cidade|de estado|do pais|pro exterior)|(vou|vamos|indo) morar (em|no|na|fora)|morando fora|moro (em|no|na) .{0,40}\b(so tem|so tem vaga|so oferecem|as vagas sao)|nao quero (mais )?(receber |pegar )?(os|as|plant\w*|vaga\w*) (de|em|no|na|do|da) \w+.{0,30}\b(mas|so) .{0,30}\b(pode mandar|me interess\w*|pode continuar)|(de novo|outra vez|sempre) (plant\w* |vaga\w* )?(em|no|na) \w+.{0,20}nao tem (em|no|na)\b/,
  },
  // A shift kind he does not do, told by what he is: "parem de mandar ortopedia, sou cirurgião geral".
  {
    label: 'disponibilidade', priority: 880, provenance: 'set 9 as a development set',
    pattern: new RegExp(`\\b(?:de|em) ${SPECIALTY}\\b.{0,30}\\bsou (?:\\w+ )?${SPECIALIST}`),
  },
  // A shift kind he does not do told by what he is or what he now does ("sou anestesista, plantão de clínica não
  // é pra mim", "pra cirurgia não me chama, agora só pego clínica"); the only region still wanted; a city he
  // cannot reach every week.
  {
    label: 'disponibilidade', priority: 845, provenance: 'set 10 as a development set',
    pattern: new RegExp(
      [
        `sou (?:\\w+ )?${SPECIALIST_OF_AREA}\\b.{0,30}\\b${AREA} (?:nao e (?:para|pra) mim|eu nao (?:faco|pego)|nao (?:faco|pego|atendo))`,
        `(?:para|de|em) ${AREA} (?:nao me (?:chama|chame|manda|mande)|nao quero)\\b.{0,30}\\b(?:so|somente|apenas) (?:pego|faco|atendo|quero) ${AREA}`,
        `nao (?:estou|to) (?:aceitando|pegando|fazendo) (?:plant\\w* |vaga\\w* )?(?:em|no|na) \\w+.{0,40}\\b(?:continua valendo|continua de pe|pode continuar|ainda vale)`,
        `sou de \\w+(?: \\w+){0,3} nao (?:consigo|da para|tenho como) (?:ir|ir ate|descer|subir|viajar)(?: ate| para)? \\w+ toda semana`,
      ].join('|'),
    ),
  },
  // Where he cannot get: the traffic to reach a place; a shift kind he has no training for.
  {
    label: 'disponibilidade', priority: 785, provenance: 'set 11 as a development set',
    pattern: /\b(transito (para|pra|ate) (chegar|ir)|nao tenho (formacao|experiencia|treinamento|preparo) (para|pra|em))\b/,
  },
  // Where he can work: a CRM valid only in one state, hours by boat or bus to get there.
  {
    label: 'disponibilidade', priority: 750, provenance: 'set 12 as a development set',
    pattern: new RegExp(
      [
        `(?:meu )?crm (?:e )?(?:so|somente|apenas) (?:do|da|de) \\w+`,
        `nao (?:tenho|estou com) (?:mais )?crm (?:ativo )?(?:em|no|na|de|do|da) \\w+`,
        `nao posso atuar (?:em|no|na) \\w+`,
        `\\d+ ?h(?:oras)? de (?:barco|balsa|lancha|voadeira|onibus|estrada de terra)`,
      ].join('|'),
    ),
  },
  // His fixed profile: a shift length refused for another, a specialty he is not, a restricted availability, hours
  // of road.
  {
    label: 'disponibilidade', priority: 670, provenance: 'set 14 misses',
    pattern: new RegExp(
      [
        `nao quero (?:mais )?plantao de \\d+ ?h\\b`,
        `nao sou (?:cardio\\w*|pediatra|ortopedista|anestesista|intensivista|obstetra|ginecologista|clinic[oa]|cirurgia\\w*|\\w+logista)\\b`,
        `(?:sou|eu sou) (?:\\w+ )?(?:cirurgia\\w*|\\w+logista|pediatra|ortopedista|anestesista|intensivista|obstetra)\\b.{0,60}\\bnao tem nada a ver`,
        `minha disponibilidade (?:e|esta|fica) restrita`,
        `\\d+ ?h(?:oras)? de estrada`,
      ].join('|'),
    ),
  },
  // His fixed profile: only one city or kind wanted, no interest outside a city, a kind of shift refused for good.
  {
    label: 'disponibilidade', priority: 620, provenance: 'set 15 misses',
    pattern: new RegExp(
      [
        `(?:so|somente|apenas) (?:quero|pego|faco|aceito) (?:vagas? |plantoes? |plantao )?(?:em|no|na) (?!mesm)[a-z]+`,
        `(?:nao tenho interesse|nao quero) (?:em |de )?(?:plantoes?|vagas?|plantao) fora d[eoa] `,
        `nao quero mais (?:receber )?(?:vagas?|plantoes?|plantao) de (?:uti|ps|pronto socorro|enfermaria|pediatria|ortopedia|obstetricia|emergencia|clinica)\\b`,
        `nao atendo mais (?:la|em|no|na)\\b`,
      ].join('|'),
    ),
  },
  // His fixed profile: a city he never goes to, a city he stopped working in, a shift kind no longer sent, a move to
  // another city told for the owner.
  {
    label: 'disponibilidade', priority: 590, provenance: 'set 16 misses',
    pattern: new RegExp(
      [
        `nunca vou (?:pra|para) la`,
        `parei de atender em \\w+`,
        `(?:noturno|diurno|plantao noturno|plantao diurno) nao (?:me )?mand\\w* mais(?!.*\\b(?:velh[oa]|idade|cansad[oa])\\b)`,
        `(?:ela|ele) se mudou (?:para|pra) \\w+`,
      ].join('|'),
    ),
  },
  // Offers narrowed to a kind or a place: "só quero as de clínica", "manda só quando tiver vaga em Niterói", a place
  // offered far from where he lives, a kind of shift refused by name.
  {
    label: 'disponibilidade', priority: 570, provenance: 'set 17 misses',
    pattern: new RegExp(
      [
        // (a time of day is a window to write in, not a kind or a place: dev-a labels "só me manda vaga de manhã" none)
        `(?:so|somente|apenas) (?:quero|manda|mande|mandem|me manda) (?:as |os )?(?:vagas? )?(?:de|da|do|em|no|na) (?!(?:manha|noite|tarde|madrugada|dia)\\b)`,
        `manda so quando tiver vaga (?:em|no|na|de)\\b`,
        `vaga\\w* (?:em|no|na|para|pro) \\w+(?: \\w+){0,2}\\b.{0,20}\\b(?:eu )?moro (?:em|no|na)\\b`,
        `nao quero mais esse tipo de (?:vaga|plantao)`,
        `(?:nao precisa|para de|pare de|parem de) (?:me )?mandar (?:as|essas) (?:vagas? )?de \\w+`,
      ].join('|'),
    ),
  },
  // A rule of his profile: "não faço X, só Y", a weekend or a night refused for good, a distance in km.
  {
    label: 'disponibilidade', priority: 530, provenance: 'set 18 misses',
    pattern: new RegExp(
      [
        // (a refusal to leave or to be paid some way is not a profile: "não quero sair da lista, só não posso hoje",
        // "não quero receber por RPA, só PJ")
        `nao (?:faco|pego) mais (?:\\w+ ){1,3}(?:so|somente|apenas) (?!nao|to|estou|depois|quando|se|essa|esse|hoje|agora)\\w+`,
        `nao quero mais (?:pegar )?(?:as |os )?(?:vagas?|plantao|plantoes) (?:de |da |do |em |no |na )?(?!receber|sair)\\w+(?: \\w+)? (?:so|somente|apenas) (?!nao|to|estou|depois|quando|se|essa|esse|hoje|agora)\\w+`,
        `(?:final|fim) de semana nao (?:faco|pego|trabalho)`,
        `nao (?:faco|pego|trabalho)(?: plantao)? (?:noturno|diurno|de noite|de madrugada|fim de semana|final de semana)`,
        `\\d+ ?km (?:daqui|de casa|de onde)`,
        `(?:so|apenas) (?:dia util|dias uteis)`,
      ].join('|'),
    ),
  },
  // His own specialty, or a kind of unit he gave up, rules the offer out.
  {
    label: 'disponibilidade', priority: 489, provenance: 'set 19 misses, written as general forms',
    pattern: /\b(sou (\w+ ){0,2}?\w*(ista|logo|loga|pediatra|cirurgia\w*)\b.{0,25}\bnao (pego|faco|atendo|dou)|parei de (fazer|pegar|dar) plantao (em|de|no|na) \S+.{0,25}\bso)\b/,
  },
  // A region he does not go to: "pra zona leste eu não vou".
  {
    label: 'disponibilidade', priority: 464, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(pra|para|na|no) (zona (norte|sul|leste|oeste)|centro|baixada|litoral|interior|capital|grande sp|abc) (eu )?nao (vou|faco|pego|trabalho|atendo)\b(?! (hoje|amanha|agora|nessa|nesse|essa|esse|esta|este))/,
  },
  // Days of the week he never works, or a length of shift refused: "não trabalho aos domingos", "plantão de 24h não
  // aguento mais, só 12".
  {
    label: 'disponibilidade', priority: 458, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(nao (trabalho|faco plantao|pego plantao|atendo|dou plantao) (aos|nos|de|em) (domingos|sabados|fins de semana|feriados?|segundas|tercas|quartas|quintas|sextas)|(plantao|plantoes) de \d+ ?h(oras)? (eu )?nao (aguento|faco|pego|consigo)( mais)?\b.{0,20}\bso)\b/,
  },
  // Where he works, or a kind of offer not for him: "só atuo em Campinas", "essas vagas de clínica não são pra mim".
  {
    label: 'disponibilidade', priority: 450, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(so (atuo|trabalho|atendo|faco plantao|pego plantao|dou plantao) (em|na|no) (?!cooperativa|hospital|empresa|outra|outro)\w+|nao tenho como ir (a|ate|pra|para) \w+|(vagas?|plantoes|plantao) de \w+ nao (sao|e) (pra|para) mim)\b/,
  },
  // The only kind of shift he takes, as the whole message: "só diurno", "apenas 12h".
  {
    label: 'disponibilidade', priority: 442, provenance: 'fresh paraphrases, written as a general form',
    pattern: /^ *(so|somente|apenas) (diurno|diurnos|noturno|noturnos|de dia|de noite|manha|tarde|fim de semana|fins de semana|12 ?h|12 horas|24 ?h|24 horas|enfermaria|uti|ps|pronto socorro|pediatria|ambulatorio)( por favor| pra mim| para mim)? *$/,
  },
  // A region he does not leave, or the one length of shift he takes: "não saio da zona norte", "só pego plantão de 6h".
  {
    label: 'disponibilidade', priority: 431, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(nao saio (da|do) (zona (norte|sul|leste|oeste)|centro|abc|litoral|interior|meu bairro|minha cidade|minha regiao)|so (pego|faco|aceito|dou) (plantao |plantoes )?(de )?\d+ ?h(oras)?)\b/,
  },
  // Only one kind of hospital: "só aceito se for em hospital privado".
  {
    label: 'disponibilidade', priority: 426, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(so (aceito|faco|pego|vou|trabalho) (se for )?(em )?|nao (trabalho|faco plantao|pego plantao|atendo|vou) (em|no|na|pra) )(hospital|hospitais|rede) (privad\w*|particular\w*|public\w*)\b/,
  },
  // A standing part of the day taken, or only remote work: "não tenho disponibilidade à noite por causa da faculdade",
  // "faço só telemedicina".
  {
    label: 'disponibilidade', priority: 408, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(nao tenho disponibilidade (a|de|pela|pela parte da) (noite|manha|tarde|madrugada|fim de semana)(?! (hoje|amanha|essa|esse|nessa|nesse|este|esta))|(faco|atendo|trabalho) so (telemedicina|teleconsulta|remoto)|so (faco|atendo|trabalho) (telemedicina|teleconsulta|remoto))\b/,
  },
  // A kind of unit or a run of hours he does not take: "não pego pronto atendimento infantil", "24 horas seguidas eu
  // não faço mais".
  {
    label: 'disponibilidade', priority: 402, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(nao (pego|faco|atendo) (plantao de |plantoes de |plantao em )?(pronto atendimento|pa|uti|enfermaria|centro cirurgico|maternidade|obstetricia|infantil|adulto)(?! (hoje|amanha|essa|esse|nessa|nesse|este|esta|agora))|\d+ ?(h|horas) (seguidas|direto|corridas) (eu )?nao (faco|aguento|pego))\b/,
  },
  // Broad rules: read after every narrow one above; when those of several labels fire, the neighbours break the tie.
  // Distance and getting there belong to where the shift is, not to its price.
  {
    label: 'disponibilidade', priority: 280, provenance: 'the first labelled sets', broad: true,
    pattern:
      /\b(deslocamento|afastad\w*|do outro lado|horas? de estrada|\d+ ?h(oras)? de casa|nao dirijo|beira da rodovia|(e )?outra cidade|saindo de \w+|mais perto|nao faz (o )?meu perfil|esse tipo de plantao)\b/,
  },
  {
    // Schedule fit: a day, date or shift he can't do, or the only ones he can
    // ("sexta não dá", "só tenho folga quarta", "já tô escalado dia 15").
    label: 'disponibilidade', priority: 150, provenance: 'the first labelled sets', broad: true,
    pattern: new RegExp(
      `\\b(?:(?:so|somente|apenas) (?:posso|consigo|faco|pego|trabalho|tenho (?:folga|livre)|fico livre|da)\\b.{0,24}\\b${WHEN}|${WHEN}(?: eu)? (?:nao (?:da|posso|consigo|rola|faco|pego|trabalho|vou conseguir)|ja (?:to|estou) (?:escalad|ocupad)\\w*|tenho (?:ambulatorio|consultorio|outro plantao))|nao (?:posso|consigo|faco|pego|trabalho|da|rola|vou conseguir)(?: ir)?(?: (?:no|na|o|a))? (?:essa data|nesse dia|nessa data|${WHEN})|ja (?:to|estou) escalad\\w*|(?:to|estou|vou estar) de ferias)\\b`,
    ),
  },
  {
    label: 'disponibilidade', priority: 140, provenance: 'the first labelled sets', broad: true,
    pattern:
      /\b((?<!\bde )longe|distante|contramao|fora de mao|fora (da|de) (minha )?(area|regiao|sao paulo)|nao tenho carro|sem carro|deslocamento|(nao (faco|atendo|trabalho com|pego)|parei de (fazer|atender|pegar)|deixei de (fazer|atender|pegar)|larguei (a |o )?) (uti|pediatria|gineco\w*|obstetricia|cirurgia|ortopedia|crianca|infantil)|nao sou (pediatra|cirurgiao|intensivista|ginecologista|obstetra|ortopedista|anestesista|especialista|da area)|nao (e|eh) (minha|da minha) (area|especialidade)|nao tenho (rqe|titulo)|sou generalista|so (atendo|faco) (adulto|pediatria|clinica))\b/,
  },
];
