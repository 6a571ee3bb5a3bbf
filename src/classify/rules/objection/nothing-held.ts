/**
 * Nothing held against us: a reminder he no longer needs, a confirmation "só pra garantir", more time for our
 * shifts, a document asked for, a reply promised for later; another company left behind while he stays with us;
 * praise of us against another company, a request to stay in our group, a report that ends well, a late arrival
 * announced, a link asked for, a number that belonged to someone who died, a payment that came right, a question
 * announced as one and nothing else.
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
    // a payment that came right ("pagaram as 12 horas certinho, obrigado"), a question announced as one
    `(?<=^ )(?:(?:oi|ola|julia|bom dia|boa tarde|boa noite|entao|ja) )*(?:pagaram|pagou|caiu|cairam|veio|vieram|depositaram) (?:\\S+ ){0,4}?(?:certinho|direitinho|certo|em dia|no prazo|bonitinho)(?: (?:obrigad\\w*|valeu|viu|ta|tudo certo))* *$`,
    `(?<=^ )(?:(?:oi|ola|julia|bom dia|boa tarde|boa noite) )*(?:tenho|to com|estou com|fiquei com) (?:uma |umas )?duvidas? (?:sobre|numa|num|no|na|em|de|do|da) (?:\\S+ ){0,4}?\\S+ *$`,
    // one kind of plantão given up, and nothing else said ("larguei os plantões de fim de semana"): a standing preference
    `(?<=^ )(?:(?:eu|ja) )*(?:larguei|parei (?:de fazer|com)|deixei de (?:fazer|pegar)|nao (?:faco|pego) mais) (?:os |o )?plant(?:ao|oes) (?:de (?:fim de semana|final de semana|sabado|domingo|feriado|madrugada)|noturnos?|diurnos?|de \\d+ ?h(?:oras)?) *$`,
  ].join('|'),
);
