import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { ACK_BUCKETS, AckStats } from './ack-stats.js';
import { metric } from './scrape-metrics.js';

describe('AckStats', () => {
  it("renders the same exposition as prom-client's own Counter and Histogram", async () => {
    const observations: Array<[string, string, number]> = [
      ['evolution', '200', 0.001], ['evolution', '200', 0.005], ['evolution', '200', 0.0051], ['evolution', '503', 3],
      ['chatwoot', '401', 0.02], ['evolution', '200', 0.3],
    ];
    const ours = new AckStats();
    const reference = new Registry();
    const hist = new Histogram({ name: 'h_seconds', help: 'h', labelNames: ['route'], buckets: ACK_BUCKETS, registers: [reference] });
    for (const [route, status, s] of observations) {
      ours.record(route, status, s);
      hist.observe({ route }, s);
    }
    const registry = new Registry();
    registry.registerMetric(metric('h_seconds', 'h', 'histogram', () => ours.histogramValues('h_seconds')) as never);
    const lines = (text: string) => text.split('\n').filter((l) => l && !l.startsWith('#')).sort();
    expect(lines(await registry.metrics())).toEqual(lines(await reference.metrics()));
    expect(ours.counterValues()).toEqual([
      { value: 4, labels: { route: 'evolution', status: '200' } },
      { value: 1, labels: { route: 'evolution', status: '503' } },
      { value: 1, labels: { route: 'chatwoot', status: '401' } },
    ]);
  });
});
