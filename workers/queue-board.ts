import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import type { IServerAdapter } from '@bull-board/api/typings/app';
import type { BullQueues } from './queue.js';

/** Bull Board's queue half: every queue of the app, shown through the HTTP side's adapter; read-only unless told otherwise. */
export function attachQueueBoard(queues: BullQueues, server: IServerAdapter, opts: { readOnly: boolean } = { readOnly: true }): void {
  createBullBoard({
    queues: Object.values(queues.queues).map((q) => new BullMQAdapter(q, { readOnlyMode: opts.readOnly, allowRetries: !opts.readOnly })),
    serverAdapter: server,
  });
}
