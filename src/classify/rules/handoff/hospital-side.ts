/*
 * The hospital's side of a request (fresh paraphrases in `cases/handoff.jsonl`): Júlia passes the hospital's number or
 * answers the logistics herself, and no one of ours is needed.
 * - a logistics matter ("o telefone da clínica, quero falar com a coordenação sobre o vestiário");
 * - the hospital's people asked for ("o contato do RH do hospital").
 */
export const HOSPITAL = /\b(?:hospital|clinica|upa|ubs|unidade|pronto socorro|santa casa|maternidade)\b/;
const LOGISTICS = /\b(?:estacionamento|vaga de carro|vestiario|armario|cracha|uniforme|jaleco|refeicao|refeitorio|almoco|janta|alojamento|quarto de descanso|conforto medico|wifi|wi fi|senha do (?:sistema|wifi|computador)|endereco|entrada|portaria|acesso|horario de chegada|como chegar|onde fica|onde estacionar|chave|primeiro dia|(?:vai|vao) (?:estar|ter alguem) (?:no|na|la)|alguem (?:\S+ ){0,3}?que (?:vai )?me (?:recebe|receba|receber|orienta|oriente|orientar|mostra|mostre|mostrar|acompanha|acompanhe))\b/;
const PROBLEM = /\b(?:reclama\w*|problema|pagamento|atras\w*|cancel\w*|golpe|denunci\w*|absurdo|descaso|assedi\w*|urgente)\b/;
export function hospitalLogistics(text: string): boolean {
  return HOSPITAL.test(text) && LOGISTICS.test(text) && !PROBLEM.test(text.replace(/\b(?:estacionamento|vaga de carro)\b/g, ''));
}

const HOSPITAL_PEOPLE =
  /\b(?:rh|recursos humanos|departamento pessoal|dp|gestao de pessoas|setor pessoal|coordenac\w+|coordenador\w*|supervisor\w* de enfermagem|supervisor\w*|enfermeir\w* chefe|diretoria clinica|diretor clinico|secretaria|chefia|escalista) (?:\S+ ){0,1}?(?:d[oa]|no|na|dess[ea]|dest[ea]) (?:proprio |propria )?(?:hospital|clinica|upa|ubs|unidade|santa casa|maternidade|pronto socorro|ps|plantao)\b/;
const HOSPITAL_PEOPLE_PROBLEM = /\b(?:reclama\w*|problema|destrat\w*|maltrat\w*|grit\w*|agred\w*|agress\w*|ameac\w*|xing\w*|da empresa|humilh\w*|escala|pag\w*|receb\w*|descont\w*|atras\w*|cancel\w*|golpe|denunci\w*|absurdo|descaso|assedi\w*|urgente|ninguem|voces|vcs)\b/;
// Asked for: a contact, a name or a word with them. "O coordenador do PS tá me humilhando" tells, it does not ask.
// also the hospital's person who will call him ("o coordenador do hospital vai me ligar?"), or whether the hospital has
// one ("tem supervisor no hospital à noite?").
const CONTACT_ASKED = /^tem\b|\b(?:contato|telefone|numero|whats\w*|zap|email|e mail|ramal|falar com|conversar com|me passa|passa o|passa a|me manda o|me manda a|quem e|qual (?:o|e o) nome|(?:vai|vao|pode|podem|deve|devem) me (?:ligar|chamar|procurar|receber))\b/;
export function hospitalPeopleAsked(text: string): boolean {
  return HOSPITAL_PEOPLE.test(text) && CONTACT_ASKED.test(text) && !HOSPITAL_PEOPLE_PROBLEM.test(text);
}
