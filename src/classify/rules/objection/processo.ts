import type { ObjectionRule } from './rule.js';

/** The situations read as processo; the highest priority that fires decides across every label. */
export const PROCESSO_RULES: ObjectionRule[] = [
  // The time clock, ours or the hospital's, that fails; our app that shows a shift wrongly; mandatory training.
  {
    label: 'processo', priority: 995, provenance: 'set 14 misses; settles the type first',
    pattern: new RegExp(
      [
        `(?:app|aplicativo|sistema|relogio) de ponto\\b(?: \\w+){0,5} (?:nao abre|nao funciona|nao registr\\w*|trav\\w*|cai|caindo|fora do ar|horror|nao marc\\w*)`,
        `aceitei (?:o plantao )?no (?:app|aplicativo) (?:\\w+ ){0,3}(?:apareceu|ficou|consta|esta) como recusad`,
        `treinamento obrigatorio`,
      ].join('|'),
    ),
  },
  // A time clock or a roster app that fails, ours or the hospital's.
  {
    label: 'processo', priority: 985, provenance: 'set 15 misses; settles the type first',
    pattern:
      /\b(?:ponto eletronico|totem de ponto|relogio de ponto|biometria do ponto|app de ponto|aplicativo de ponto|aplicativo de escalas?|app de escalas?)\b(?: \w+){0,8} (?:nao abre|nunca funciona|nao funciona|nunca reconhece|nao reconhece|vive travando|trav\w*|caindo|vive caindo)\b/,
  },
  // The contract's terms and our paperwork: a clause, an invoice that fails to issue.
  {
    label: 'processo', priority: 945, provenance: 'set 8 as a development set',
    // A question about a clause or an invoice is neutral ("tenho uma dúvida sobre uma cláusula"): the frame
    // needs a clause objected to, or an invoice that fails.
    pattern:
      /\b(clausula (de )?(exclusividade|fidelidade|permanencia)|clausula (\w+ ){0,4}(abusiv\w*|nao (foi )?(combinad\w*|aceito|concordo|assinei))|(nota fiscal|nf|emissao)\b.{0,40}\b(erro|rejeitad\w*|recusad\w*|nao (sai|emite|consigo|sei))|(erro|problema) (na|no|de) (emissao|nota|cadastro|sistema|portal)|dando erro)\b/,
  },
  // A document he is asked to sign or a clause nobody explained (set 8's clause frame, said otherwise).
  {
    label: 'processo', priority: 855, provenance: 'set 10 as a development set',
    pattern:
      /\b(clausula (de )?(multa|rescisao|penalidade) (\w+ ){0,3}(que )?(ninguem|nunca|nao) (me )?(explicou|explicaram|mostrou|mostraram|falou|falaram|combinou|foi combinad\w*)|(exigindo|exigem|exige|querem|obrigando) (que eu assine|eu assinar|assinar) (um |uma |o |a )?(termo|declaracao|documento|contrato))\b/,
  },
  // The paperwork of our own app and registration: it freezes, more documents after all were sent.
  {
    label: 'processo', priority: 790, provenance: 'set 11 as a development set',
    pattern:
      /\b((cadastro|app|aplicativo) (de voces |no app de voces )?(\w+ ){0,4}((trava|travando|travou) (toda hora|sempre|o tempo todo|na hora)|da erro)|mais (um )?documento\w* (ainda )?ja mandei)\b/,
  },
  // Paperwork as an exam: a list of documents likened to a public contest, an accreditation that outlasts the
  // shift.
  {
    label: 'processo', priority: 745, provenance: 'set 12 as a development set',
    pattern: /\b(e plantao ou concurso|parece concurso|credenciamento (que )?(demora|leva)|(aso|cartao de vacina|foto 3x4)\b.{0,40}\b(aso|cartao de vacina|foto 3x4|certidao))\b/,
  },
  // Paperwork: no invoice issued, a cancellation fine in the contract asked about.
  {
    label: 'processo', priority: 635, provenance: 'set 15 misses',
    pattern: /\b(nota fiscal (eu )?nao emito|nao emito (nota|nf)|contrato (de voces )?tem multa)\b/,
  },
  // Paperwork: sending documents again, a dozen files, RPA refused. (A captcha that fails stays unread: sets 9 and 11
  // label it none.)
  {
    label: 'processo', priority: 600, provenance: 'set 16 misses',
    pattern: /\b(preguica de mandar (os )?documento\w*|(mandar|enviar) \d+ (arquivos|documentos)|nao trabalho com rpa)\b/,
  },
  // Paperwork by hand: a notarised signature, papers sent by post.
  {
    label: 'processo', priority: 540, provenance: 'set 17 misses',
    pattern: /\b(firma reconhecida|reconhecer firma|cartorio|pelos correios|pelo correio)\b/,
  },
  // The contract's terms: a clause that worries him or that he rejects, a fine in the contract.
  {
    label: 'processo', priority: 505, provenance: 'set 18 misses',
    pattern: /\b(clausula (\w+ ){0,3}(me )?preocupa|nao concordo com a clausula|multa no contrato)\b/,
  },
  // Our contract asked about as a condition he would have to sign ("tenho que assinar contrato de exclusividade?"):
  // the terms, not another employer.
  {
    label: 'processo', priority: 758, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(tenho que|preciso|precisa|vou ter que|teria que|e obrigatorio) assinar (\w+ ){0,2}(contrato|termo|clausula)\w*/,
  },
  // The app or system we ask him to use that will not let him in: "não consigo acessar o app pra bater ponto".
  {
    label: 'processo', priority: 476, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\bnao (consigo|to conseguindo|estou conseguindo) (acessar|entrar|logar|abrir) (no |o |na |a )?(app|aplicativo|sistema|portal|plataforma)\b/,
  },
  // Going in person to sign or deliver papers: "tem que ir presencialmente assinar contrato?".
  {
    label: 'processo', priority: 456, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(tem que|tenho que|preciso|precisa|e obrigatorio) (ir|comparecer|passar) (ai |la |no escritorio )?(presencialmente|pessoalmente|ai|la|no escritorio) (pra |para )?(assinar|entregar|levar|reconhecer)\b/,
  },
  // A requirement of the offer that rules him out: "a exigência de RQE pra essa vaga me impede".
  {
    label: 'processo', priority: 437, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\bexigencia (de|do|da) (?!rqe|titulo)\w+ (\w+ ){0,4}?(me )?(impede|atrapalha|complica|inviabiliza)\b/,
  },
  // Our system refusing his certificate, or a training required before he starts (above "não tenho tempo", which is the
  // reason given): "o sistema de vocês não aceita meu certificado", "tem que fazer treinamento online antes?".
  {
    label: 'processo', priority: 579, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b((sistema|app|aplicativo|site|plataforma|portal) (de voces |de vcs )?(nao aceita|nao reconhece|recusa|rejeita)|(tem que|tenho que|preciso|precisa|e obrigatorio) (fazer )?(um |uma )?(treinamento|curso|capacitacao|integracao) (\w+ )?(antes|obrigatori\w*|pra comecar|para comecar))\b/,
  },
  // A company to open for it: "abrir MEI só pra isso não vale a pena" (a title he lacks is disponibilidade in the
  // sets).
  {
    label: 'processo', priority: 424, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\babrir (um |uma )?(mei|pj|empresa|cnpj)\b/,
  },
  // An exclusivity, penalty or loyalty clause in our contract: "o contrato de vocês pede exclusividade? não assino".
  {
    label: 'processo', priority: 589, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b(contrato|clausula) (\w+ ){0,3}?(exclusividade|multa rescisoria|fidelidade|fidelizacao)\b/,
  },
  // A document or form of ours that annoys him (above "não tenho tempo", the reason given): "comprovante de residência
  // também? que chatice", "preenchendo planilha de horas".
  {
    label: 'processo', priority: 588, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b((preciso|tenho que|precisa) (mandar|enviar) (\w+ ){0,3}?(comprovante|certidao|documento|diploma|atestado)\b.{0,30}\b(chat\w*|saco|burocracia|preguica)|(preenchendo|preencher) (\w+ ){0,2}?(planilha|formulario|ficha|relatorio))\b/,
  },
  // A company of his own required, or a pile of papers: "tenho que ter CNPJ?", "esse monte de assinatura digital me
  // cansa".
  {
    label: 'processo', priority: 401, provenance: 'fresh paraphrases, written as a general form',
    pattern: /\b((tenho que|preciso|precisa|e obrigatorio) (ter|abrir) (um |uma )?(cnpj|pj|mei|empresa)|(monte|tanto|tanta|quantidade|pilha) de (assinatura\w*|documento\w*|papel\w*|papelada|formulario\w*|certid\w*|exame\w*))\b/,
  },
  // Broad rules: read after every narrow one above; when those of several labels fire, the neighbours break the tie.
  // The paperwork of working with us: a company to open, an accountant, a registration he lacks.
  {
    label: 'processo', priority: 250, provenance: 'the first labelled sets', broad: true,
    pattern: /\b(abrir empresa|contador|crm (secundario|de outro estado)|pagar outro crm|rqe (ainda )?nao saiu|documento\w* demais|pedem documento\w*|tem que entrar em cooperativa|nota fiscal todo mes|nf todo mes)\b/,
  },
  {
    label: 'processo', priority: 160, provenance: 'the first labelled sets', broad: true,
    pattern:
      /\b(burocra\w*|papelada|(muito|muita|tanto|tanta|monte de) (documento\w*|papel|coisa pra mandar)|mandar (todos )?(esses |os )?documentos|(de novo|outro|mais um) cadastro|cadastro (chato|longo|demorado|complicado|enorme)|formulario|reconhecer firma|(nao tenho|abrir|sem) (pj|cnpj)|tem que ir presencial|link nao abre|exame admissional)\b/,
  },
];
