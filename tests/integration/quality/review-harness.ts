import { afterAll, beforeAll } from 'vitest';
import { createAnthropicClient } from '../../../src/integrations/anthropic/index.js';
import type { ReviewDeps } from '../../../src/quality/index.js';
import { fixedClock, silentLogger } from '../../../src/shared/index.js';
import { startAnthropicFake, type AnthropicFake } from '../../fakes/index.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';

export type Message = [dir: 'inbound' | 'outbound', text: string, at: string];

/** A review test file's database and judge (a fake Anthropic), set before its first test and ended after its last. */
export interface ReviewFile {
  db: TestDb;
  fake: AnthropicFake;
  /** 02:00 in São Paulo on 2026-05-11: the review reads 2026-05-10 (SP), 03:00Z to 03:00Z. */
  clock: ReturnType<typeof fixedClock>;
  /** What the review needs, judging with the fake; what it posts lands in `posts`. */
  deps(posts: string[], extra?: Partial<ReviewDeps>): ReviewDeps;
  /** A conversation's messages, as the pipeline stores them. */
  addMessages(conversationId: string, doctorId: string, msgs: Message[]): Promise<void>;
}

export function reviewFile(opts: { seed?: boolean } = {}): ReviewFile {
  const file = {
    clock: fixedClock('2026-05-11T05:00:00Z'),
    deps: (posts, extra = {}) => ({
      db: file.db,
      llm: createAnthropicClient({ apiKey: 'test-key', baseURL: file.fake.url, timeoutMs: 5_000, maxRetries: 0 }),
      model: 'claude-sonnet-5',
      clock: file.clock,
      logger: silentLogger,
      post: async (t) => void posts.push(t),
      ...extra,
    }),
    async addMessages(conversationId, doctorId, msgs) {
      for (const [dir, text, at] of msgs)
        await file.db.pg.query(
          `insert into interactions (conversation_id, doctor_id, direction, body, occurred_at) values ($1, $2, $3, $4, $5)`,
          [conversationId, doctorId, dir, text, at],
        );
    },
  } as ReviewFile;
  beforeAll(async () => {
    file.db = await createTestDb(opts);
    file.fake = await startAnthropicFake({ apiKey: 'test-key' });
  });
  afterAll(async () => {
    await file.fake?.close();
    await file.db?.close();
  });
  return file;
}
