import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../shared/index.js';
import { startSlackFake, type SlackFake } from '../../../tests/fakes/index.js';
import { createSlackNotifier } from './slack-notifier.js';

describe('Slack notifier', () => {
  let fake: SlackFake;
  beforeAll(async () => {
    fake = await startSlackFake({ token: 'xoxb-test' });
  });
  afterAll(() => fake.close());

  it('posts to the alerts channel through the real Slack SDK', async () => {
    const n = createSlackNotifier({ token: 'xoxb-test', channel: 'C-ALERTS', apiUrl: `${fake.url}/api`, logger: silentLogger });
    await n.post('Dra. Ana reservou o plantão de sábado');
    expect(fake.posted()).toEqual([expect.objectContaining({ channel: 'C-ALERTS', text: 'Dra. Ana reservou o plantão de sábado' })]);
  });

  it('never throws when Slack is down', async () => {
    const n = createSlackNotifier({ token: 'xoxb-test', channel: 'C', apiUrl: 'http://127.0.0.1:1/api', logger: silentLogger, timeoutMs: 500 });
    await expect(n.post('x')).resolves.toBeUndefined();
  });
});
