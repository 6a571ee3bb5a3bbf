import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { learnedPolicy } from '../learned/index.js';
import { botSuspicionByRules, detectBotSuspicion } from '../rules/bot/detect-bot-suspicion.js';
import { detectHandoff, handoffByRules } from '../rules/handoff/detect-handoff.js';
import { detectOptOut, optOutByRules } from '../rules/opt-out/detect-opt-out.js';
import { parseYesNo } from './arbiter.js';
import { binaryUncertainty, readBinary, UNCERTAINTY_BAND } from './uncertainty.js';

const policy = { low: 0.3, high: 0.9 };

describe('binaryUncertainty (pure)', () => {
  it('a rule the learned layer vetoes is a close call', () => {
    expect(binaryUncertainty(true, 0.1, policy)).toBe('learned_veto');
    expect(binaryUncertainty(true, 0.299, policy)).toBe('learned_veto');
  });

  it('a yes the learned layer adds alone is a close call', () => {
    expect(binaryUncertainty(false, 0.9, policy)).toBe('learned_adds');
    expect(binaryUncertainty(false, 0.99, policy)).toBe('learned_adds');
  });

  it('agreement within the band of the deciding threshold is a close call; beyond it, not', () => {
    // With the rule, `low` decides.
    expect(binaryUncertainty(true, 0.3, policy)).toBe('near_threshold');
    expect(binaryUncertainty(true, 0.39, policy)).toBe('near_threshold');
    expect(binaryUncertainty(true, 0.4, policy)).toBeNull();
    expect(binaryUncertainty(true, 0.95, policy)).toBeNull();
    // Without it, `high` decides.
    expect(binaryUncertainty(false, 0.81, policy)).toBe('near_threshold');
    expect(binaryUncertainty(false, 0.79, policy)).toBeNull();
    expect(binaryUncertainty(false, 0.01, policy)).toBeNull();
  });

  it('a policy that never vetoes (low 0) still calls a rule hit the model finds near impossible close', () => {
    const noVeto = { low: 0, high: 0.7 };
    expect(binaryUncertainty(true, 0.05, noVeto)).toBe('near_threshold');
    expect(binaryUncertainty(true, 0.5, noVeto)).toBeNull();
  });

  it('the band is a parameter', () => {
    expect(binaryUncertainty(true, 0.45, policy, 0.2)).toBe('near_threshold');
    expect(binaryUncertainty(false, 0.85, policy, 0)).toBeNull();
    expect(UNCERTAINTY_BAND).toBe(0.1);
  });
});

const DETECTORS = {
  optOut: { rules: (t: string) => optOutByRules(t).optOut, offline: (t: string) => detectOptOut(t).optOut },
  botSuspicion: { rules: (t: string) => botSuspicionByRules(t).suspicious, offline: (t: string) => detectBotSuspicion(t).suspicious },
  handoff: { rules: (t: string) => handoffByRules(t).handoff, offline: (t: string) => detectHandoff(t).handoff },
} as const;
const read = (name: keyof typeof DETECTORS, t: string) => readBinary(name, t, DETECTORS[name].rules(t), DETECTORS[name].offline(t));

describe('readBinary (the detectors\' own verdicts)', () => {
  it('clear messages are no close call for any detector', () => {
    for (const t of ['quero me descadastrar dessa lista', 'você é um robô?', 'quero falar com seu supervisor', 'tem plantão sábado?', 'ok']) {
      for (const name of ['optOut', 'botSuspicion', 'handoff'] as const) expect(read(name, t).uncertain, `${name}: ${t}`).toBeNull();
    }
    expect(read('optOut', 'quero me descadastrar dessa lista')).toMatchObject({ offlineYes: true, decidedBy: 'rules' });
  });

  it('whenever the learned layer overrules the rules, the verdict is a close call', () => {
    // Every labelled line (as inputs only): after any retraining some of them are overruled by the learned layer.
    const dir = fileURLToPath(new URL('../../../tests/fixtures/classification/', import.meta.url));
    const lines = readdirSync(dir).filter((f) => f.endsWith('.jsonl')).flatMap((f) =>
      readFileSync(join(dir, f), 'utf8').split('\n').filter((l) => l.trim()).map((l) => (JSON.parse(l) as { text: string }).text));
    let overruled = 0;
    for (const t of lines) {
      for (const name of ['optOut', 'botSuspicion', 'handoff'] as const) {
        const r = read(name, t);
        if (r.decidedBy !== 'learned') continue;
        overruled++;
        expect(r.uncertain, `${name}: ${t}`).toBe(r.offlineYes ? 'learned_adds' : 'learned_veto');
      }
    }
    // The invariant is only worth something if the lines exercise it.
    expect(overruled).toBeGreaterThan(3);
    // Every labelled set is read (fifteen and more): a sweep, not a unit, so it gets its own bound.
  }, 60_000);

  it('a guard inside the detector that sets the combination aside is not a close call', () => {
    // A line the model alone calls an opt-out, read as if the detector had kept its "no" anyway.
    const t = ['Tira eu daí', 'me exclui ai parceiro', 'Me desvincula dessa base de contatos, não tenho mais interesse', 'sem mais contato por favor', 'sai fora, não quero mais', 'nao me chama mais pra nada']
      .find((x) => !optOutByRules(x).optOut && read('optOut', x).p >= learnedPolicy('optOut').high);
    expect(t, 'no line the learned layer alone calls an opt-out').toBeDefined();
    expect(readBinary('optOut', t!, false, false)).toMatchObject({ uncertain: null, decidedBy: 'rules' });
  });

  it('an empty message (a photo, a sticker) is no close call', () => {
    expect(readBinary('handoff', '', false, false)).toEqual({ offlineYes: false, decidedBy: 'rules', p: 0, uncertain: null });
    expect(readBinary('optOut', '   ', false, false).uncertain).toBeNull();
  });
});

describe('parseYesNo (the arbiter\'s answer format)', () => {
  it('takes "sim" and "não" only', () => {
    expect(parseYesNo('sim')).toBe(true);
    expect(parseYesNo(' Sim.')).toBe(true);
    expect(parseYesNo('não')).toBe(false);
    expect(parseYesNo('NAO')).toBe(false);
    for (const odd of ['', 'talvez', 'sim, porque', 'não sei', 'yes', 'sim não']) expect(parseYesNo(odd), odd).toBeNull();
  });
});
