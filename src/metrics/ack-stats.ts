/**
 * Webhook acknowledgements counted in plain numbers, turned into Prometheus
 * series only when /metrics is scraped. prom-client's own Counter and
 * Histogram validate, sort and hash the label object on every observation:
 * about 5 µs per acknowledgement, a visible share of the Evolution route's CPU
 * (docs/decisions/0205-webhook-ack-cpu.md). Same series, same buckets.
 */
export const ACK_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

interface RouteStats {
  /** status → count */
  statuses: Map<string, number>;
  /** Non-cumulative per bucket; the last slot is above the largest bound. */
  buckets: number[];
  count: number;
  sum: number;
}

type Value = { value: number; labels?: Record<string, string | number>; metricName?: string };

export class AckStats {
  private readonly routes = new Map<string, RouteStats>();

  record(route: string, status: string, seconds: number): void {
    let r = this.routes.get(route);
    if (!r) this.routes.set(route, (r = { statuses: new Map(), buckets: new Array<number>(ACK_BUCKETS.length + 1).fill(0), count: 0, sum: 0 }));
    r.statuses.set(status, (r.statuses.get(status) ?? 0) + 1);
    let i = 0;
    while (i < ACK_BUCKETS.length && seconds > ACK_BUCKETS[i]!) i++;
    r.buckets[i]!++;
    r.count++;
    r.sum += seconds;
  }

  /** julia_webhook_acks_total{route,status} */
  counterValues(): Value[] {
    return [...this.routes].flatMap(([route, r]) => [...r.statuses].map(([status, value]) => ({ value, labels: { route, status } })));
  }

  /** julia_webhook_ack_seconds{route}: cumulative buckets, +Inf, sum and count, as prom-client writes them. */
  histogramValues(name: string): Value[] {
    return [...this.routes].flatMap(([route, r]): Value[] => {
      let cumulative = 0;
      const buckets = ACK_BUCKETS.map((le, i) => ({ metricName: `${name}_bucket`, value: (cumulative += r.buckets[i]!), labels: { le, route } }));
      return [
        ...buckets,
        { metricName: `${name}_bucket`, value: r.count, labels: { le: '+Inf', route } },
        { metricName: `${name}_sum`, value: r.sum, labels: { route } },
        { metricName: `${name}_count`, value: r.count, labels: { route } },
      ];
    });
  }
}
