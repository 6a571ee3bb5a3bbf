import type { Rule } from '../engine.js';

/**
 * the forms set 8 found (fresh paraphrases of each in the unit tests, "set 8 families"): the machine
 * greeted or told off by name at the start ("seu robô, ...", "olá robô"), a test only a person could pass ("me
 * responde algo que só humano saberia", "manda um áudio pra eu ver se é gente"), the replies called automatic
 * ("parece automático"; of a process, "o repasse parece automático", it is not about us), a recruiter role called
 * virtual ("escalista virtual?"), a named assistant or language model asked about as the one replying ("é o tal do
 * GPT respondendo?"), and writing too perfect to be a person's.
 */
const ADDRESSED = '(?:robo|robozinho|robozao|bot|chatbot|maquina)';
const AUTOMATIC = '(?:automatic|automatizad|robotizad|programad)[oa]s?';
const ASSISTANT = '(?:chat ?gpt|gpt|chatbot|gemini|copilot|alexa|siri|bot|robo|ia|inteligencia artificial|assistente virtual)';
const FIRST_BOT_FRAMES: readonly Rule[] = [
  // A greeting or a vocative opening the message; "ô robô" folds to "o robo", the article ("o robô cirúrgico"), so it is left out.
  // A greeting before the machine word is always aimed at us; "seu robô" is also the possessive ("seu robô de cirurgia"),
  // so it counts at the end or before an order or a remark.
  { name: 'machine_greeted', confidence: 0.85, pattern: new RegExp(`^(?:ei|oi|ola|alo|e ai|fala|bom dia|boa tarde|boa noite|tchau) ${ADDRESSED}\\b|^(?:seu|sua) ${ADDRESSED}(?:$| (?:para|pare|chega|me|voce|tu|responde|entende|nao|sai|k\\w*|rs\\w*)\\b)`) },
  // "Real"/"de verdade" are left out of the test: "manda o contrato pra eu ver se é real" doubts the offer, not us.
  {
    name: 'human_only_test',
    confidence: 0.85,
    pattern:
      /\b(?:so|somente|apenas) (?:um |uma )?(?:humano|humana|gente|pessoa|ser humano)s? (?:de verdade )?(?:responderia|saberia|entenderia|conseguiria responder)\b|\b(?:pra|para) (?:eu )?(?:ver|saber|confirmar|ter certeza) se (?:voce |tu |isso )?(?:e|eh) (?:gente|humano|humana|uma pessoa|pessoa)\b(?! (?:fisica|juridica))/,
  },
  {
    name: 'seems_automatic',
    confidence: 0.8,
    pattern: new RegExp(`\\b(?:parece|parecem|ta parecendo|soa|soam) (?:ser )?(?:tudo |meio |bem |muito |algo |coisa )?${AUTOMATIC}\\b`),
    // A process, not the conversation: "o pix parece automático", "o cadastro é meio programado".
    rejectText: (t) => /\b(?:pagamento|pix|deposito|repasse|transferencia|debito|renovacao|cadastro|ponto|aprovacao|processo|credenciamento|contrato|portao|catraca|formulario|app|aplicativo)\b/.test(t),
  },
  { name: 'virtual_recruiter', confidence: 0.85, pattern: /^(?:e |voce e |tu e |ela e |uma |um |e uma |e um )?(?:escalista|recrutador\w*|atendente|assistente|secretari\w*|consultor\w*|julia|moca|funcionari\w*|agente|operador\w*) (?:virtual|digital|artificial)(?: k\w*| rs\w*| ne| mesmo| entao| ha\w*)*$|\b(?:voce|tu|julia) (?:e|eh|seria) (?:uma |um )?(?:\S+ )?virtual\b/ },
  { name: 'named_assistant_replying', confidence: 0.85, pattern: new RegExp(`\\b(?:e|ta|sera|seria|sera que e) (?:o |a )?(?:tal d[oa] )?${ASSISTANT} (?:(?:que )?(?:ta |esta )?(?:me )?(?:respondendo|escrevendo|digitando|falando|conversando|atendendo)|que (?:me )?(?:responde|escreve|digita))\\b`) },
  {
    name: 'too_perfect_writing',
    confidence: 0.8,
    pattern: /\b(?:portugues|escrita|gramatica|ortografia|jeito de escrever|redacao)\b(?: \S+){0,3}? (?:perfeit\w*|certinh\w*|impecavel|corret\w*) demais\b|\b(?:perfeit\w*|certinh\w*|impecavel) demais (?:pra|para) (?:ser )?(?:gente|humano|humana|pessoa|alguem)\b|\bninguem escreve (?:tao )?(?:certinho|perfeito|bem) assim\b/,
    rejectText: (t) => /\b(?:contrato|documento|edital|pdf|prova|concurso|artigo)\b/.test(t),
  },
];

/**
 * the forms set 9 found (fresh paraphrases and near misses in the bot suspicion tests, "set 9
 * families"): the machines addressed in the plural or the diminutive ("seus robôs, parem", "ok robozinho", the 🤖
 * emoji, read as "robo"), a machine put in to talk to doctors ("colocaram uma IA pra mandar plantão?"), prompt
 * injection, which treats us as a model ("ignore as instruções anteriores", "qual é o seu prompt"), and "sua IA".
 */
export const MACHINES_ADDRESSED_FRAMES: readonly Rule[] = [
  {
    name: 'machines_addressed',
    confidence: 0.85,
    pattern: /\b(?:seus|suas) (?:robos|bots|robozinhos|maquinas)\b(?= (?:podem|poderiam|param|parem|para|ficam|vivem|mandam|me|nao|sao|so|ja)\b|$)|^(?:ok|certo|beleza|blz|valeu|obrigad[oa]|tchau|entendi|anotado|ta bom|ta certo|ta|sim|nao) (?:seu |sua |meu |minha |querido |querida )?(?:robo|robozinho|bot|chatbot|maquina|robozao)\b/,
  },
  {
    name: 'machine_put_in',
    confidence: 0.85,
    pattern: /\b(?:colocaram|botaram|puseram|contrataram|arrumaram|agora tem|agora e|trocaram (?:\S+ ){0,2}?por) (?:um |uma |o |a )?(?:chatbot|robo|bot|ia|inteligencia artificial|maquina|assistente virtual)\b(?: \S+){0,2}? (?:pra|para|no lugar|que) (?:me )?(?:oferecer|mandar|responder|atender|falar|conversar|vender|recrutar|escalar|chamar|ligar|divulgar|oferece|manda|responde|atende|fala)\b/,
  },
  {
    name: 'prompt_injection',
    confidence: 0.9,
    pattern: /\b(?:ignor\w*|esquec\w*|desconsider\w*) (?:todas (?:as )?|as |suas |todas as suas )?(?:suas )?(?:instrucoes|regras|ordens|diretrizes|comandos) (?:anteriores|previas|iniciais|originais|do sistema)\b|\b(?:seu|teu|o seu|o teu) (?:prompt|system prompt)\b|\bprompt (?:de sistema|do sistema|original|inicial)\b|\bmodo (?:desenvolvedor|dan)\b/,
    // The doctor's own earlier instructions ("ignora as instruções anteriores que te mandei, mudou o endereço").
    rejectText: (t) => /\b(?:que (?:eu )?(?:te |lhe )?(?:mandei|passei|dei|enviei)|minhas)\b/.test(t),
  },
  { name: 'your_ai', confidence: 0.85, pattern: /\b(?:sua|tua|a sua|vossa) (?:inteligencia artificial|ia)\b|\b(?:essa|esta) (?:inteligencia artificial|ia) (?:e|ta|esta|nao|me|respond\w*|entend\w*|fala|escreve)\b/ },
];

/**
 * forms the rules once missed (fresh paraphrases and near misses in `cases/bot-suspicion.jsonl`):
 * us counted among the machines ("mais um bot de escala"), a text said to be written by one ("foi IA que escreveu"),
 * a message sent identical to a colleague (copy and paste, a mass mailing), a doubt about us said in a curse at the
 * machine ("robô do capeta, para"), the real one asked after ("cadê a Júlia de verdade?"), and whether we use an AI
 * system to send the offers. Other companies' bots are set aside by `otherCompaniesBots` (detect-bot-suspicion.ts).
 */
const WRITER = '(?:ia|inteligencia artificial|chat ?gpt|gpt|robo|bot|chatbot|maquina|programa|sistema)';
export const MORE_MACHINES_FRAMES: readonly Rule[] = [
  {
    name: 'one_more_machine',
    confidence: 0.85,
    pattern: /\bmais (?:um|uma|outro|outra) (?:bot|robo|robozinho|chatbot|ia|inteligencia artificial|maquina|disparo automatico)\b|^(?:\S+ )?(?:outro|outra) (?:bot|robo|robozinho|chatbot|ia|maquina) (?:de|da|do)\b/,
    // A hospital's machines ("mais um robô na farmácia do hospital") are not us.
    rejectText: (t) => /\b(?:cirurgi\w*|aspirador|farmacia|laboratorio|da vinci|no hospital|do hospital|comprou|comprar)\b/.test(t),
  },
  {
    name: 'written_by_machine',
    confidence: 0.85,
    pattern: new RegExp(`\\b(?:foi|e|eh|sera que foi|sera que e) (?:um |uma |o |a )?${WRITER} (?:que|quem) (?:escreveu|escreve|fez|gerou|redigiu|digitou|mandou|respondeu)\\b|\\b(?:texto|textos|mensage\\w*|msg|respostas?|isso|isto) (?:\\S+ ){0,2}?(?:escrit|gerad|redigid|feit)[oa]s? (?:por|pela|pelo|com) (?:um |uma |o |a )?(?:ia|inteligencia artificial|chat ?gpt|gpt|robo|bot|chatbot|maquina)\\b`),
    // Of a process or a document elsewhere ("a triagem é feita por robô?", "o laudo foi gerado por IA") it is not us.
    rejectText: (t) => /\b(?:laudo|exame|prova|artigo|tcc|trabalho da faculdade|relatorio do hospital|prontuario|hospital|tese|triagem|escala)\b/.test(t),
  },
  {
    name: 'copy_paste_message',
    confidence: 0.8,
    pattern: /\bcopia e cola\b|\bctrl ?c ?ctrl ?v\b|\bcopiad[oa]s? e colad[oa]s?\b|\b(?:mandou|mandaram|enviou|enviaram|chegou|veio|recebeu)\b(?: \S+){0,2}? (?:igualzinh\w*|identic\w*|exatamente igual|a mesma (?:mensagem|msg|coisa|texto)|o mesmo texto|palavra por palavra) (?:pro|pra|para|ao|a|pros|pras) (?:meu |minha |meus |minhas |um |uma |outro |outra |o |a |todo mundo|todos)(?:\S+)?\b|\bnem (?:o nome|mudou o nome|trocou o nome|trocaram o nome|mudaram o nome)\b/,
    // Asked to copy something ("copia e cola o endereço aqui") or to forward the offer to a colleague.
    rejectText: (t) => /\b(?:pode|podes|poderia|me|da pra|consegue) (?:\S+ )?(?:copia|copiar|mandar|enviar|encaminhar|repassar)\b|^copia\b|\bcopia e cola (?:o|a|os|as|aqui|ai|pra mim|isso)\b/.test(t) && !/\b(?:igualzinh\w*|identic\w*|nem (?:o nome|mudou|trocou))\b/.test(t),
  },
  { name: 'machine_cursed', confidence: 0.85, pattern: /^(?:ei |o |seu |sua |ai )?(?:robo|robozinho|bot|chatbot|maquina) (?:do capeta|do cao|do diabo|do demonio|do inferno|dos infernos|dos diabos|infernal|insuportavel|miseravel|maldit[oa]|desgracad[oa]|porcaria)\b/ },
  { name: 'real_one_asked', confidence: 0.85, pattern: /\bcade (?:a |o )?(?:julia|voce|pessoa|moca|atendente|humano|humana|gente)(?: \S+)? (?:de verdade|real|de carne e osso)\b/ },
  {
    name: 'ai_system_sends',
    confidence: 0.85,
    pattern: /\b(?:usa|usam|usando|utiliza|utilizam|tem|possuem) (?:algum |alguma |um |uma )?(?:sistema|programa|ferramenta|software|plataforma|robo|bot)? ?(?:de |com )?(?:ia|inteligencia artificial|automacao|robo|bot|chatbot|chat ?gpt|gpt|disparo automatico)\b(?: \S+){0,2}? (?:pra|para) (?:mandar|enviar|disparar|responder|escrever|gerar|oferecer|divulgar)\b/,
  },
];

// prompt injection in English (set 11; the Portuguese forms are in MACHINES_ADDRESSED_FRAMES). The normaliser reads
// "all" as "al", "hidden" as "hiden" and "tell" as "telefone", so the frames name the words as it keeps them.
export const PROMPT_INJECTION_FRAMES: readonly Rule[] = [
  {
    name: 'prompt_injection_english',
    confidence: 0.9,
    pattern:
      /\b(?:ignore|disregard|forget|override|bypass) (?:al |all |any |every )?(?:of )?(?:the |your |my |these |those )?(?:previous|prior|above|earlier|preceding|original|initial|system)? ?(?:instructions?|prompts?|rules|guidelines|directives)\b|\b(?:your|the) (?:system|initial|original|hid+en|secret) (?:prompt|instructions?|message)\b|\b(?:reveal|show|print|repeat) (?:me )?your (?:\S+ )?(?:instructions|prompt|rules)\b|\byou are now (?:a |an |in )?(?:dan|developer mode|jailbroken|unrestricted)\b/,
  },
];

// more forms (fresh paraphrases in cases/bot-suspicion.jsonl): canned answers named
// at the head of the message ("respostas prontas, né?"), one more automatic message ("outra msg automática"), the
// machine announced as it arrives again ("lá vem o robô"), a quiz whose right answer would make her a person.
export const CANNED_TEXT_FRAMES: readonly Rule[] = [
  { name: 'canned_named', confidence: 0.8, pattern: /^(?:\S+ ){0,2}(?:respostas? (?:prontas?|automaticas?|de robo)|(?:outra|mais uma) (?:mensagem|resposta) (?:automatica|de robo|pronta))\b(?! (?:d[oa]s?|de) (?:meu|minha|hospital|banco|sistema|app|aplicativo|email|e mail|whatsapp business))/ },
  { name: 'machine_arrives', confidence: 0.85, pattern: /\bla vem (?:o|a|esse|essa) (?:robo|robozinho|bot|maquina|ia)(?=$| de novo| ai| k| rs| com| oferecendo| mandando| me| querendo)/ },
  // The machine owned by us ("esse bot de vocês"), an answer asked "sem script", a
  // phone menu likened ("URA de banco", "digite 1"), a voice note asked as proof that someone is there.
  { name: 'our_machine', confidence: 0.85, pattern: /\b(?:esse|este|o|seu|teu) (?:bot|robo|robozinho|chatbot) de (?:voces|voce)\b/ },
  { name: 'without_script', confidence: 0.8, pattern: /\b(?:responde|responda|fala|fale|me diz|me diga)(?: \S+){0,2} sem script\b/ },
  { name: 'phone_menu', confidence: 0.8, pattern: /\b(?:parec\w*|igual|tipo|que nem|feito) (?:\S+ ){0,2}uras?\b|\bso falta (?:dizer|falar|pedir (?:pra|para)) (?:digite|digitar|tecle|teclar) \d\b/ },
  { name: 'voice_proof', confidence: 0.85, pattern: /\b(?:grava|manda|envia)(?: \S+){0,2} (?:audio|audinho)\b.{0,60}\b(?:acredit\w*|prova\w*|ver se|saber se|tem alguem|e gente|e humano)\b/ },
  { name: 'human_quiz', confidence: 0.85, pattern: /\bse (?:acertar|errar|responder|souber)\b.{0,30}\b(?:e|eh|e mesmo) (?:humana|humano|gente|pessoa)\b/ },
];

// more forms (fresh paraphrases in cases/bot-suspicion.jsonl):
// an automatic message again, a "chatbot de escala", "isso é script", English ("you are a bot"), our AI named ("essa
// IA de vocês"), GPT or ChatGPT known to be behind it, the machine called a crook, "é tudo automático".
const MACHINE_WORD = '(?:robo|robozinho|bot|chatbot|maquina|inteligencia artificial|ia|gpt|chat ?gpt|script)';
export const AUTOMATIC_AGAIN_FRAMES: readonly Rule[] = [
  { name: 'automatic_again', confidence: 0.8, pattern: /^(?:\S+ ){0,2}(?:outra |mais uma )?mensage(?:m|ns) automatica\w* de novo\b/ },
  { name: 'chatbot_of', confidence: 0.85, pattern: /^(?:\S+ ){0,2}(?:um |esse |mais um )?(?:chatbot|robo|bot|robozinho) de (?:escala|escalas|plantao|plantoes|vagas?|recrutamento)\b(?! (?:d[oa]|no|na) (?:hospital|clinica|upa|ps))/ },
  { name: 'is_script', confidence: 0.8, pattern: /\b(?:isso|isto|voce|aqui|tudo) (?:e|eh) (?:um |so )?script\b(?! (?:de|do|da) )/ },
  { name: 'english_bot', confidence: 0.85, pattern: /\b(?:you are|you re|youre|are you|is this|r u) (?:a |an )?(?:bot|robot|ai|machine|chatbot|real person|human)\b/ },
  { name: 'our_ai', confidence: 0.85, pattern: /\b(?:essa|esta|a|sua) (?:ia|inteligencia artificial|maquina) de (?:voces|voce)\b/ },
  { name: 'model_behind', confidence: 0.85, pattern: new RegExp(`\\b(?:sei|sabia|tenho certeza|certeza|saquei|percebi|obvio) (?:que|q) (?:(?:voce|isso|aqui) )?(?:e|eh) (?:o |um |uma )?${MACHINE_WORD}\\b`) },
  { name: 'machine_crook', confidence: 0.85, pattern: /^(?:\S+ )?(?:robo|bot|chatbot|robozinho) (?:golpista|picareta|mentiroso|enganador)\b/ },
  { name: 'all_automatic', confidence: 0.8, pattern: /^(?:(?:a+h*|entao|entendi|ok|hum+|ata|aff|ne|oi|olha|ai|k+) )*(?:aqui |isso |voces )?(?:e|eh) tudo (?:automatico|automatizado|robo|gravado)\b/ },
  { name: 'prove_not_ai', confidence: 0.85, pattern: /\bprova (?:que|q|pra mim que) (?:(?:voce|tu) )?nao (?:e|eh) (?:uma )?inteligencia artificial\b/ },
];

/**
 * a mass send named as such, a reply demanded without the template
 * or emoji that would give a machine away, "also automatic" after a recorded call, an AI named for its trade, and the
 * bot that "doesn't understand".
 */
export const MASS_SEND_FRAMES: readonly Rule[] = [
  { name: 'mass_send', confidence: 0.8, pattern: /\b(?:isso|isto|essa mensagem|esse envio) (?:e|eh) (?:um |uma )?(?:disparo|envio|mensagem) (?:em massa|automatic\w*)\b/ },
  { name: 'without_template', confidence: 0.8, pattern: /\brespond\w* (?:\S+ )?sem (?:usar )?(?:template|modelo pronto|resposta pronta|script|copiar e colar|emoji)\b/ },
  { name: 'also_automatic', confidence: 0.8, pattern: /\b(?:(?:o whatsapp?|o zap|aqui|isso|voces|voce|o atendimento|a conversa|o chat) (?:tambem |agora )+(?:e|eh) automatic\w*|(?:tambem|agora) (?:e|eh) tudo automatic\w*)\b/ },
  { name: 'ai_of_trade', confidence: 0.85, pattern: /^(?:\S+ ){0,2}(?:uma |essa |a )?(?:ia|inteligencia artificial) de (?:escala|escalas|plantao|plantoes|vagas?|recrutamento)\b/ },
  // "vocês trabalham com IA? as msgs parecem geradas", "sistema automático de novo mandando vaga".
  { name: 'you_work_with_ai', confidence: 0.85, pattern: /\b(?:voces|voce) (?:trabalham|trabalha|usam|usa|mexem) com (?:ia|inteligencia artificial|robo|bot|chatbot)\b|\bmensage\w* (?:de voces? )?parecem (?:gerad\w*|automatic\w*|de robo|feitas? por (?:ia|robo|maquina))\b/ },
  { name: 'automatic_system_again', confidence: 0.8, pattern: /^(?:\S+ )?(?:o |esse )?sistema automatico (?:de novo|mandando|me mandando|outra vez)\b/ },
  { name: 'bot_does_not_get_it', confidence: 0.85, pattern: /\b(?:esse|este|o|ce|voce e) (?:bot|robo|robozinho|chatbot) (?:nao|nem) (?:entende|sabe|le|responde)\b/ },
];

/**
 * Bot-suspicion frames beyond a question about what we are: the doctor states it as known ("eu sei que é bot"),
 * compares us to an assistant ("tipo a Alexa"), sets a condition or a test ("se for IA me avisa", "prova que não é
 * robô"), judges the replies canned ("parece script", "ou é resposta pronta?") or inhuman ("ninguém é humano
 * assim"), insults the machine ("bot safado", "sai fora robô"), or asks for someone "de carne e osso".
 */
const MACHINE = '(?:robo|robozinho|bot|chatbot|maquina|ia|inteligencia artificial|software|programa|sistema automatico|assistente virtual)';
export const BOT_FRAMES: readonly Rule[] = [
  { name: 'knows_is_machine', confidence: 0.85, pattern: new RegExp(`\\b(?:sei|tenho certeza|ja saquei|saquei|percebi|ta na cara|obvio|claro) (?:que|q) (?:(?:voce|tu|isso|aqui) )?(?:e|eh|ta sendo) (?:um |uma )?${MACHINE}\\b`) },
  { name: 'like_an_assistant', confidence: 0.85, pattern: /\b(?:voce|tu|isso) (?:e|eh|parece|ta parecendo) (?:tipo|igual|que nem|feito) (?:a |o |um |uma )?(?:alexa|siri|cortana|google|chatgpt|gpt|robo|bot|maquina)\b/ },
  { name: 'if_machine', confidence: 0.85, pattern: new RegExp(`\\bse (?:(?:voce|tu|isso|aqui) )?(?:for|e|eh|fosse) (?:um |uma )?${MACHINE}\\b`) },
  { name: 'prove_human', confidence: 0.9, pattern: /\bprova (?:que|q|pra mim que) (?:(?:voce|tu) )?(?:nao e|e|eh) (?:um |uma )?(?:robo|bot|maquina|ia|humano|humana|gente|real|de verdade|pessoa)\b/ },
  { name: 'canned_replies', confidence: 0.8, pattern: /\b(?:parec\w*|cara de|e um|so um|tipo um|ta parecendo) script\b|\bou (?:e |eh )?(?:uma )?resposta (?:pronta|automatica)\b|\bninguem (?:e |eh )?(?:humano|gente) assim\b/ },
  // The machine addressed: "bot safado", "sai fora robô". The speaker as subject ("não sou robô") is vetoed by the caller's rules.
  { name: 'machine_addressed', confidence: 0.85, pattern: /\b(?:robo|bot|chatbot|robozinho) (?:safado|burro|idiota|inutil|maldito|chato|de merda|lixo)\b|\b(?:sai fora|vaza|some|cala a boca|tchau|para|valeu) (?:seu )?(?:robo|bot|robozinho)\b/ },
  { name: 'flesh_and_blood', confidence: 0.85, pattern: /\b(?:alguem|pessoa|gente|humano|humana|atendente) de carne e osso\b/ },
  ...FIRST_BOT_FRAMES,
  ...MACHINES_ADDRESSED_FRAMES,
  ...MORE_MACHINES_FRAMES,
  ...PROMPT_INJECTION_FRAMES,
  ...CANNED_TEXT_FRAMES,
  ...AUTOMATIC_AGAIN_FRAMES,
  ...MASS_SEND_FRAMES,
];
