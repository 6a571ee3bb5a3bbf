/**
 * Nothing held against us: a reminder he no longer needs, a confirmation "só pra garantir", more time for our
 * shifts, a document asked for, a reply promised for later; another company left behind while he stays with us;
 * praise of us against another company, a request to stay in our group, a report that ends well, a late arrival
 * announced, a link asked for, a number that belonged to someone who died.
 */
export const NOTHING_HELD = new RegExp(
  [
    `nao precisa (?:me )?(?:mandar|enviar) (?:o |a )?(?:lembrete|aviso|confirmacao)`,
    `(?:so )?(?:para|pra) (?:garantir|confirmar) *$`,
    `(?:vou )?ter mais tempo (?:para|pra) (?:pegar|fazer|dar) plant`,
    `(?:consegue|pode|podem|conseguem) (?:me )?(?:mandar|enviar|reenviar) (?:o |a )?(?:contrato|documento|pdf|informe|comprovante)|preciso d[oa] (?:nota fiscal|informe|comprovante|contrato)`,
    `(?:segunda|terca|quarta|quinta|sexta|amanha) (?:eu )?te respond\\w*`,
    `(?:desinstalei|cancelei|apaguei|sai d\\w*|larguei) (?:\\w+ ){0,3}(?:outr[oa]|grupo)\\b.{0,60}\\b(?:so pego com (?:voce|voces)|com voce\\w* e (?:bem |muito )?melhor|por aqui (?:\\w+ ){0,3}e (?:bem |muito )?melhor)`,
    `(?:cancelei|desinstalei|apaguei) (?:minha conta|o app|o aplicativo) (?:na|no|da|do) outr[oa]`,
    `outr[oa] (?:empresa|plataforma|app|aplicativo) (?:tinha|usava|usa|tem) (?:um |uma )?(?:robo|bot|ia)`,
    `voces sao (?:os|as) melhores`,
    `nem (?:pense|pensa|pensem) em me tirar`,
    `vou (?:desinstalar|cancelar|apagar|sair d\\w*) (?:\\w+ ){0,3}outr[oa]`,
    `aqui com voce e (?:bem |muito )?(?:tranquilo|melhor|de boa)`,
    `mas deu tudo certo *$`,
    `vou chegar (?:\\w+ ){0,3}atrasad\\w*`,
    `(?:me )?(?:manda|mande|envia|passa|reenvia) o link`,
    `(?:numero|telefone) era d[oa] (?:meu|minha)|(?:ele|ela) (?:ja )?faleceu`,
    `sai da lista (?:\\w+ ){0,4}d[oa] (?:crm|cremesp|conselho)`,
  ].join('|'),
);
