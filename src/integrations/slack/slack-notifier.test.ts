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

  it('a notice carries no full phone or CRM and cannot ping the channel, in its text or its blocks', async () => {
    const n = createSlackNotifier({ token: 'xoxb-test', channel: 'C-ALERTS', apiUrl: `${fake.url}/api`, logger: silentLogger });
    await n.post('<!channel> Dr. Lucas (5511987651234@s.whatsapp.net, CRM-SP 182233) pediu ajuda', [
      { type: 'section', text: { type: 'mrkdwn', text: 'Telefone: +55 (11) 98765-1234' } },
    ]);
    const sent = fake.posted().at(-1)!;
    expect(sent.text).toBe('&lt;!channel&gt; Dr. Lucas (+55 11 9••••-1234, CRM/SP ••••33) pediu ajuda');
    expect(JSON.stringify(sent.blocks)).toContain('Telefone: +55 11 9••••-1234');
  });

  it('never throws when Slack is down', async () => {
    const n = createSlackNotifier({ token: 'xoxb-test', channel: 'C', apiUrl: 'http://127.0.0.1:1/api', logger: silentLogger, timeoutMs: 500 });
    await expect(n.post('x')).resolves.toBeUndefined();
  });
});
