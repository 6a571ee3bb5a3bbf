import type { ObjectionRule } from './rule.js';

/** The situations read as confianca; the highest priority that fires decides across every label. */
export const CONFIANCA_RULES: ObjectionRule[] = [
  // How he learned of us and what we do with his data ("não autorizei", "onde conseguiram meu número",
  // "preciso de referência de quem já trabalhou com vocês").
  {
    label: 'confianca', priority: 920, provenance: 'set 8 as a development set',
    pattern:
      /\b(nao autorizei (ninguem )?a passar|onde (voces )?(conseguiram|pegaram|acharam|arrumaram) (o )?meu|preciso de (uma )?referencias?(?! d[aeo]s? (?!voces|empresa|quem|algu|medic|colega)\w+)|(alguem|medico|colega) (\w+ )?(que )?ja trabalhou com voces)\b/,
  },
  // Doubt about who we are before any deal: our reputation looked up, the owner's name, "não confio".
  {
    label: 'confianca', priority: 885, provenance: 'set 9 as a development set',
    pattern:
      /\b((pesquis\w*|olh\w*|consult\w*|checar|ver) (\w+ ){0,2}(no |o )?reclame aqui|com quem (eu )?(estou|to) lidando|nome (completo )?do dono|quem e o dono|nao confio (em voces|nessa|nesse|nisso|em empresa)|nao confio *$)/,
  },
  // Our use of his name and data: his CRM on a schedule he never joined, how his documents are stored.
  {
    label: 'confianca', priority: 825, provenance: 'set 10 as a development set',
    pattern:
      /\b((usando|usaram|usou|colocaram) (o )?meu (crm|cadastro) (em|no|na|num|numa|sem)|(nunca|nao) (aceitei|autorizei|confirmei)\b.{0,10}$|lgpd ne|seguem a lgpd|como (voces )?(guardam|armazenam|tratam) (os )?meus (dados|documentos)|(pedir|queria|quero) (uma )?referencia)\b/,
  },
  // His data and his name: not given to a machine, asked for only once he knows who asks, his name or CRM used,
  // where we took his number from.
  {
    label: 'confianca', priority: 800, provenance: 'set 11 as a development set',
    pattern: new RegExp(
      [
        `nao (?:vou )?(?:passar|mandar|enviar|dar) (?:os )?meus (?:dados|documentos) (?:para|pra) (?:uma |um )?(?:maquina|robo|bot|ia)`,
        `(?:preciso|quero) saber antes de (?:te )?(?:mandar|enviar|passar) (?:os )?meus (?:dados|documentos)`,
        `(?:usou|usaram|usando) (?:o )?meu (?:nome|crm)(?: e (?:o )?meu (?:crm|nome))? (?:em|no|na|num|numa|sem|para)`,
        `de onde (?:voces |voce )?(?:tiraram|tirou|arranjaram|descobriram) (?:o )?meu`,
      ].join('|'),
    ),
  },
  // Not knowing us: an office to visit first, documents withheld from strangers, a colleague's bad word about
  // us, promises not kept, wanting to know who we are before giving his data.
  {
    label: 'confianca', priority: 755, provenance: 'set 12 as a development set',
    pattern: new RegExp(
      [
        `(?:escritorio|sede|endereco) (?:fisico|fisica|de voces)\\b.{0,60}\\b(?:conhecer|visitar|passar)`,
        `(?:nao|nunca) (?:mando|envio|passo|dou) (?:foto de )?(?:documento|dado|dados|meus dados|rg|cpf)\\w* (?:para|pra) quem (?:eu )?nao conheco`,
        `falou mal de voces|falaram mal de voces|voces nao cumprem (?:o )?que prometem`,
        `saber com quem (?:eu )?(?:estou|to) (?:falando|lidando) antes de (?:mandar|enviar|passar|dar)`,
      ].join('|'),
    ),
  },
  // His data, not authorised.
  {
    label: 'confianca', priority: 660, provenance: 'set 14 misses',
    pattern: /\b(nao autorizo o uso (d[aoe]s? )?(meus |minhas )?(dados|informac\w*)|nunca autorizei nada)\b/,
  },
  // Who we are: a company's registration asked for, how his data reached us.
  {
    label: 'confianca', priority: 545, provenance: 'set 17 misses',
    // (his own CNPJ is paperwork: sets 1-9 label "não tenho CNPJ" processo)
    pattern: /\bnao inform\w* (o )?cnpj\b|\b(razao social|responsavel tecnico)\b|\bcomo (voces )?conseguiram (o |os )?meus? (dados|numero|contato|telefone)\b/,
  },
  // Who we are: his name put on a roster without consent, not knowing who writes.
  {
    label: 'confianca', priority: 500, provenance: 'set 18 misses',
    pattern: /\b(colocaram meu nome (\w+ ){0,4}sem (eu )?(aceitar|autorizar|pedir)|nao sei com quem (estou|to) falando)\b/,
  },
  // His name put on a schedule he never joined. (An insult like "golpistas" and
  // "quem te deu meu contato" are labelled both ways across the sets, so no rule reads them.)
  {
    label: 'confianca', priority: 494, provenance: 'set 19 misses, written as general forms',
    pattern: /\b(colocaram|botaram|puseram|incluiram) (o )?meu nome (numa|na|em|no|nessa) (escala|lista de plantao)\b/,
  },
  // Not knowing us, said as never having seen us or as a search to make first: "nunca vi essa empresa", "vou pesquisar
  // antes".
  {
    label: 'confianca', priority: 477, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(nunca (vi|tinha visto) (essa|esta|a sua|sua) empresa|nunca vi voces|(vou|deixa eu|preciso|quero) pesquisar (sobre )?(voces|a empresa|essa empresa|antes))\b/,
  },
  // Our reputation read elsewhere, or a colleague of ours asked for as a reference: "vi comentários ruins de vocês",
  // "tem algum médico que trabalha com vocês pra eu conversar?".
  {
    label: 'confianca', priority: 470, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b((comentarios?|avaliac\w+|reclamac\w+|relatos?) (\w+ )?(ruins?|negativ\w+|pessim\w*|horrive\w*) (de|sobre) (voces|a empresa|essa empresa)|(algum|um|uma) (medic[oa]|colega) que (ja )?trabalh\w* (com|pra|para) voces (pra|para) (eu )?(conversar|falar|perguntar|tirar))\b/,
  },
  // Whether we are a company at all: "é empresa mesmo ou é pessoa física?".
  {
    label: 'confianca', priority: 463, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b((e|sao) (uma )?empresa (mesmo|de verdade|registrada|legalizada)(?! que)|empresa (mesmo )?ou (e )?(uma )?pessoa fisica|pessoa fisica ou (uma )?empresa)\b/,
  },
  // Our registration asked about, or the first time he sees us: "vocês têm registro no CRM?", "primeira vez que vejo
  // essa empresa".
  {
    label: 'confianca', priority: 457, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b((voces|a empresa|vcs) (tem|possui|possuem) registro (no|na|como|de empresa|junto)|primeira vez que (vejo|ouco falar|escuto falar) (d?essa|d?esta|de|da) (empresa|voces|agencia))\b/,
  },
  // Whether we are registered or licensed: "vocês são registrados? tem alvará?".
  {
    label: 'confianca', priority: 446, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b((voces|a empresa) (sao|e) (registrad[oa]s?|legalizad[oa]s?|regularizad[oa]s?)(?! como)|tem alvara)\b/,
  },
  // Not safe sending his documents to a company he does not know (not the place's safety): "não me sinto seguro em
  // mandar meus documentos sem conhecer a empresa".
  {
    label: 'confianca', priority: 578, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(segur[oa]|confortavel|tranquil[oa]) (em|pra|para|de) (mandar|enviar|passar) (os |meus |minhas )?(documentos|dados|informacoes)\b|\bsem conhecer a empresa\b/,
  },
  // His documents not given over the chat: "não passo CPF pelo whatsapp".
  {
    label: 'confianca', priority: 425, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\bnao (passo|mando|envio|dou) (meu |o |meus |os )?(cpf|rg|dados|documentos?|dados bancarios) (pelo|por|no|aqui|via) ?(whatsapp|zap|chat|mensagem)?\b/,
  },
  // Our reviews asked for: "vocês têm alguma avaliação no Google?".
  {
    label: 'confianca', priority: 417, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(avaliac\w+|reviews?|nota|estrelas) (no|na) (google|reclame aqui|internet)\b/,
  },
  // Broad rules: read after every narrow one above; when those of several labels fire, the neighbours break the tie.
  {
    label: 'confianca', priority: 170, provenance: 'the first labelled sets', broad: true,
    pattern:
      /\b(nunca ouvi falar|nao conheco (voces|a empresa|essa empresa|esse)|que empresa (e|e essa)|quem (e|sao) (voce|voces)|de onde (voce|voces) (e|sao)|como (voce |voces )?(conseguiu|conseguiram|pegou|pegaram|achou|tem) (o )?meu (numero|contato|telefone)|quem (te )?passou meu|golpe|fraude|spam|confiavel|(que|se) (isso |voces |a empresa )?e seri[oa]|empresa seria|(qual|tem|me passa) (o )?cnpj|tem site|reclame aqui|desconfi\w*|nao passo (meus )?dados)\b/,
  },
];
