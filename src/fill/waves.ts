/**
 * Wave size and spacing by time left before the shift starts (docs/decisions/0295-fill-plans.md).
 * A sent offer stays open for one spacing: then the next wave goes out and the doctor
 * who did not answer is free for other plans (one open fill offer per doctor).
 */
export interface WaveRule {
  /** Applies while the shift starts more than this many hours from now. */
  aboveHours: number;
  size: number;
  spacingHours: number;
  label: string;
}

export const WAVE_RULES: readonly WaveRule[] = [
  { aboveHours: 7 * 24, size: 3, spacingHours: 24, label: 'mais de 7 dias' },
  { aboveHours: 48, size: 5, spacingHours: 6, label: '2 a 7 dias' },
  { aboveHours: 0, size: 8, spacingHours: 2, label: 'menos de 48 h' },
];

const HOUR = 3_600_000;

export function waveFor(startsAt: Date, now: Date): WaveRule {
  const left = (startsAt.getTime() - now.getTime()) / HOUR;
  return WAVE_RULES.find((r) => left > r.aboveHours) ?? WAVE_RULES[WAVE_RULES.length - 1]!;
}

/** The wave's parameters as fill_plan_wave takes them: the spacing never runs past the start. */
export function waveParams(startsAt: Date, now: Date): { size: number; spacingS: number; ttlS: number } {
  const rule = waveFor(startsAt, now);
  const spacingS = rule.spacingHours * 3600;
  return { size: rule.size, spacingS, ttlS: spacingS };
}
