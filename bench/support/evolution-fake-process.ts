/**
 * The Evolution fake in a process of its own, so a benchmark measures the
 * wrapper and not the fake's HTTP handling on the same thread. Prints its URL
 * and API key on stdout; answers `count` over IPC with the texts it received.
 */
import { startEvolutionFake } from '../../tests/fakes/evolution-fake.js';

const fake = await startEvolutionFake({ instances: (process.argv[2] ?? 'julia').split(',') });
// When each text arrived, by number: a benchmark's "message reached WhatsApp" moment.
const arrivals = () =>
  fake.requests
    .filter((r) => r.method === 'POST' && r.path.includes('/sendText/'))
    .map((r) => ({ number: String((r.body as { number?: string }).number), at: new Date(r.at).getTime() }));
process.stdout.write(`${JSON.stringify({ url: fake.url, apiKey: fake.apiKey })}\n`);
process.on('message', (msg) => {
  if (msg === 'count') process.send?.({ count: fake.sentTexts().length });
  if (msg === 'arrivals') process.send?.({ arrivals: arrivals() });
  if (msg === 'texts') process.send?.({ texts: fake.sentTexts().map((t) => t.text) });
  if (msg === 'stop') void fake.close().then(() => process.exit(0));
});
