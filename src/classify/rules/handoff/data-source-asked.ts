// Where we got the doctor's number, asked (the hand-off guards read these): Júlia answers it herself unless a threat,
// an authorisation or a removal comes with it.
const CURIOUS_DATA_SOURCE = /\bso (?:quero|queria|gostaria de) saber\b|\bnao (?:estou|to|tou) (?:pedindo|querendo) (?:pra|para|que) (?:sair|me tirar|tirar)\b|\bpor curiosidade\b/;
const DATA_THREAT = /\b(?:lgpd|autoriz\w*|medidas|providencias|advogad\w*|process\w*|procon|anpd|exijo|exigo|requeiro|retir\w*|exclu\w*|apag\w*|remov\w*|denunc\w*|vazamento|vazaram|vazou|ilegal|crime|golp\w*|fraude|farsa|estelionat\w*)\b/;
const DATA_SOURCE = /\b(?:de onde|onde|como|com quem) (?:\S+ ){0,3}?(?:conseguiram|conseguiu|obtiveram|pegaram|pegou|tiraram|arrumaram|acharam|passou|passaram)\b(?: \S+){0,3}? (?:meu|meus|minha|o meu) (?:numero|contato|telefone|celular|dados|whats\w*|zap|email)\b/;
/** Where we got his number, asked out of curiosity, with no threat, authorisation or removal. */
export function dataSourceCuriosity(text: string): boolean {
  return CURIOUS_DATA_SOURCE.test(text) && DATA_SOURCE.test(text) && !DATA_THREAT.test(text);
}

// the same question with the place asked last ("vocês pegaram meu número de onde?") or the person asked ("quem te passou
// meu contato?").
const DATA_SOURCE_LAST = /\b(?:conseguiram|conseguiu|obtiveram|pegaram|pegou|tiraram|arrumaram|acharam) (?:o )?(?:meu|meus|minha) (?:numero|contato|telefone|celular|dados|whats\w*|zap|email) (?:de onde|onde|aonde)\b|\bquem (?:te |lhe |pra voces |pra vcs )?(?:deu|passou|indicou) (?:o )?(?:meu|meus|minha) (?:numero|contato|telefone|celular|whats\w*|zap)\b/;
/** Where we got his number, asked with no threat, authorisation or removal: Júlia answers it; no one need take over. */
export function dataSourceAsked(text: string): boolean {
  return (DATA_SOURCE.test(text) || DATA_SOURCE_LAST.test(text)) && !DATA_THREAT.test(text);
}
