import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import type { IServerAdapter } from '@bull-board/api/typings/app';
import type { BullQueues } from './queue.js';

/** Bull Board's queue half: every queue of the app, shown through the HTTP side's adapter. */
export function attachQueueBoard(queues: BullQueues, server: IServerAdapter): void {
  createBullBoard({ queues: Object.values(queues.queues).map((q) => new BullMQAdapter(q)), serverAdapter: server });
}
