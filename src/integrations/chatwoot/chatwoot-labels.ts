export interface LabelChange {
  add?: string[];
  remove?: string[];
}

interface LabelPort {
  read(conversationId: number): Promise<string[]>;
  write(conversationId: number, labels: string[]): Promise<string[]>;
  conflict(conversationId: number): Error;
}

const ATTEMPTS = 3;

/**
 * Chatwoot's POST …/labels replaces the whole list, so adding or removing one label
 * is read, merge, write. Our own writers are serialized per conversation (one chain
 * each in this process); a person editing labels in Chatwoot between our read and
 * our write is caught by reading again after the write: if our change is not there,
 * the merge runs again on what is there now (at most ATTEMPTS times).
 */
export function labelUpdater(port: LabelPort): (conversationId: number, change: LabelChange) => Promise<string[]> {
  const chains = new Map<number, Promise<unknown>>();
  return (conversationId, change) => {
    const previous = chains.get(conversationId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => apply(port, conversationId, change));
    chains.set(conversationId, next);
    void next.catch(() => undefined).finally(() => {
      if (chains.get(conversationId) === next) chains.delete(conversationId);
    });
    return next;
  };
}

async function apply(port: LabelPort, conversationId: number, change: LabelChange): Promise<string[]> {
  const add = change.add ?? [];
  const remove = new Set(change.remove ?? []);
  const holds = (labels: string[]) => add.every((l) => labels.includes(l)) && !labels.some((l) => remove.has(l));
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const current = await port.read(conversationId);
    if (holds(current)) return current;
    const wanted = [...new Set([...current.filter((l) => !remove.has(l)), ...add])];
    await port.write(conversationId, wanted);
    const after = await port.read(conversationId);
    if (holds(after)) return after;
  }
  throw port.conflict(conversationId);
}
