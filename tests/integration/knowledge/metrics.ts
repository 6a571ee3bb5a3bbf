/** Per-label precision and recall; `null` is the "nothing detected" class and is scored too. */
export interface LabelScore {
  label: string;
  support: number;
  predicted: number;
  precision: number;
  recall: number;
}

export function scoreLabels(pairs: Array<{ expected: string | null; actual: string | null }>): {
  accuracy: number;
  labels: LabelScore[];
} {
  const key = (v: string | null) => v ?? 'null';
  const labels = new Set(pairs.flatMap((p) => [key(p.expected), key(p.actual)]));
  const out: LabelScore[] = [];
  for (const label of [...labels].sort()) {
    const tp = pairs.filter((p) => key(p.expected) === label && key(p.actual) === label).length;
    const support = pairs.filter((p) => key(p.expected) === label).length;
    const predicted = pairs.filter((p) => key(p.actual) === label).length;
    out.push({
      label,
      support,
      predicted,
      precision: predicted === 0 ? (support === 0 ? 1 : 0) : tp / predicted,
      recall: support === 0 ? 1 : tp / support,
    });
  }
  const accuracy = pairs.filter((p) => key(p.expected) === key(p.actual)).length / Math.max(1, pairs.length);
  return { accuracy, labels: out };
}

export function formatScores(title: string, s: ReturnType<typeof scoreLabels>): string {
  const rows = s.labels.map(
    (l) => `  ${l.label.padEnd(18)} P=${l.precision.toFixed(2)} R=${l.recall.toFixed(2)} (support ${l.support}, predicted ${l.predicted})`,
  );
  return `${title}: accuracy ${s.accuracy.toFixed(3)}\n${rows.join('\n')}`;
}
