/**
 * The option a doctor tapped: a button, a list row, a template button or an
 * interactive (native flow) button. WhatsApp sends the title he saw and the id
 * we gave the option; both reach the turn, the title as his words.
 */
export interface Choice {
  type: 'button' | 'list' | 'template' | 'interactive';
  id: string | null;
  title: string;
  description?: string;
}

/** Text from a JSON value: a field of the wrong type reads as empty, never throws. */
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const orNull = (v: unknown): string | null => str(v) || null;

/* eslint-disable @typescript-eslint/no-explicit-any -- Baileys proto is loosely typed JSON. */
export function readChoice(message: Record<string, any>): Choice | null {
  const b = message.buttonsResponseMessage;
  if (b && typeof b === 'object') {
    return { type: 'button', id: orNull(b.selectedButtonId), title: str(b.selectedDisplayText) || str(b.selectedButtonId) };
  }
  const l = message.listResponseMessage;
  if (l && typeof l === 'object') {
    const id = orNull(l.singleSelectReply?.selectedRowId);
    const description = str(l.description);
    return { type: 'list', id, title: str(l.title) || (id ?? ''), ...(description ? { description } : {}) };
  }
  const t = message.templateButtonReplyMessage;
  if (t && typeof t === 'object') {
    return { type: 'template', id: orNull(t.selectedId), title: str(t.selectedDisplayText) || str(t.selectedId) };
  }
  const i = message.interactiveResponseMessage;
  if (i && typeof i === 'object') {
    const params = parseParams(i.nativeFlowResponseMessage?.paramsJson);
    const id = orNull(params.id) ?? orNull(params.selectedId) ?? orNull(params.button_id);
    // The body is what WhatsApp shows in the chat; the params carry what the button said.
    const title = str(params.title) || str(params.display_text) || str(i.body?.text) || (id ?? '');
    return { type: 'interactive', id, title };
  }
  return null;
}

function parseParams(raw: unknown): Record<string, unknown> {
  if (typeof raw !== 'string' || raw.length > 20_000) return {};
  try {
    const v = JSON.parse(raw) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
