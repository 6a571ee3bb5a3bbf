/**
 * Which earlier response each model call is compared with by Anthropic's cache
 * diagnostics. The cached prefix is shared by every conversation, so the
 * useful comparison is with this conversation's previous call to the same
 * model: its prefix, system and history are what this call should extend. A
 * miss then comes back with its reason (model, system, tools or messages
 * changed) instead of a bare `cache_read_input_tokens: 0`.
 *
 * In memory and bounded: losing an entry (restart, another worker took the
 * conversation) only costs one comparison with `previous_message_id: null`.
 */
export class CacheDiagnosisChain {
  private readonly last = new Map<string, string>();

  constructor(private readonly capacity = 5_000) {}

  /** The id to compare with, or null to opt in without one. */
  previous(conversationId: string, model: string): string | null {
    return this.last.get(`${conversationId} ${model}`) ?? null;
  }

  remember(conversationId: string, model: string, messageId: string): void {
    const key = `${conversationId} ${model}`;
    // Delete first so that insertion order is recency order (oldest evicted).
    this.last.delete(key);
    this.last.set(key, messageId);
    if (this.last.size > this.capacity) this.last.delete(this.last.keys().next().value as string);
  }
}
