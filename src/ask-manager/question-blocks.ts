import { escapeMrkdwn, maskPhoneForPeople, spHuman } from '../shared/index.js';

export const ASK_APPROVE_ACTION = 'julia_ask_approve';
export const ASK_REFUSE_ACTION = 'julia_ask_refuse';
export const isAskAction = (actionId: string) => actionId === ASK_APPROVE_ACTION || actionId === ASK_REFUSE_ACTION;

/** What manager_question_view returns. */
export interface QuestionView {
  id: string;
  status: 'pending' | 'approved' | 'refused' | 'answered' | 'timed_out';
  question: string;
  shiftRef: string | null;
  slackChannel: string | null;
  slackTs: string | null;
  conversationId: string;
  doctorId: string;
  doctorName: string | null;
  doctorPhone: string;
  answer: string | null;
  answeredBy: string | null;
  answeredVia: 'button' | 'thread' | 'timeout' | null;
  deliveryEnqueuedAt: string | null;
  lastInbound: { id: string; sentAt: string; instance: string | null } | null;
  shift: { startsAt: string; period: string; hours: number; hospital: string; valueCents: number } | null;
}

const brl = (cents: number) => `R$ ${(cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;

/** The question's lines for people: the doctor by name and masked phone, never the full number. */
export function questionLines(q: QuestionView): string[] {
  const s = q.shift;
  return [
    `Pergunta: ${q.question}`,
    `Médico: ${q.doctorName ?? 'sem nome'} (${maskPhoneForPeople(q.doctorPhone)})`,
    s ? `Plantão: ${s.hospital}, ${spHuman(new Date(s.startsAt))}, ${s.period} ${s.hours}h, ${brl(s.valueCents)}` : 'Plantão: não indicado',
  ];
}

export function questionText(q: QuestionView, timeoutMin: number): string {
  return [`A Júlia precisa de uma resposta da gestão (até ${timeoutMin} min).`, ...questionLines(q)].join('\n');
}

/** The question with approve/refuse buttons; a reply in the thread is an answer too, relayed to the doctor. */
export function questionBlocks(q: QuestionView, timeoutMin: number): unknown[] {
  return [
    { type: 'section', text: { type: 'mrkdwn', text: `*A Júlia precisa de uma resposta da gestão*\n${questionLines(q).map(escapeMrkdwn).join('\n')}` } },
    {
      type: 'context',
      elements: [{ type: 'mrkdwn', text: `Aprove, recuse ou responda neste fio (o que você escrever aqui a Júlia repassa ao médico). Sem resposta em ${timeoutMin} min, ela avisa o médico e passa a conversa para a equipe.` }],
    },
    {
      type: 'actions',
      elements: [
        { type: 'button', action_id: ASK_APPROVE_ACTION, style: 'primary', text: { type: 'plain_text', text: 'Aprovar' }, value: q.id },
        { type: 'button', action_id: ASK_REFUSE_ACTION, style: 'danger', text: { type: 'plain_text', text: 'Recusar' }, value: q.id },
      ],
    },
  ];
}

const OUTCOMES: Record<string, string> = { approved: 'Aprovado', refused: 'Recusado', answered: 'Respondido no fio', timed_out: 'Sem resposta no prazo: conversa passada para a equipe' };

export function decidedQuestionBlocks(q: QuestionView): unknown[] {
  const who = q.answeredBy?.startsWith('slack:') ? ` por <@${q.answeredBy.slice(6)}>` : '';
  return [
    { type: 'section', text: { type: 'mrkdwn', text: questionLines(q).map(escapeMrkdwn).join('\n') } },
    { type: 'context', elements: [{ type: 'mrkdwn', text: `${OUTCOMES[q.status] ?? q.status}${who}.` }] },
  ];
}
