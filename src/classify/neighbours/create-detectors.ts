import { fileURLToPath } from 'node:url';

/** The labelled example messages the neighbours vote with (knowledge/exemplars). */
export const EXEMPLARS_DIR = fileURLToPath(new URL('../../../knowledge/exemplars', import.meta.url));
import type { Detection } from './detector.js';
import { loadExemplars } from './exemplars.js';
import { OBJECTION_LABELS, OBJECTIVE_LABELS, PROFILE_LABELS, type ObjectionLabel, type ObjectiveLabel, type ProfileLabel } from '../labels.js';
import { createObjectionDetector } from '../rules/objection/detect-objection.js';
import { createObjectiveDetector } from './objective-detector.js';
import { createProfileDetector } from './profile-detector.js';

export type { Detection, Detector, Rule } from './detector.js';
export { loadExemplars, type Exemplar } from './exemplars.js';
export { KnnIndex } from './knn.js';
export * from '../labels.js';
export { createObjectionDetector, NOTHING_AGAINST_US } from '../rules/objection/detect-objection.js';
export { createObjectiveDetector } from './objective-detector.js';
export { createProfileDetector, type ProfileDetector } from './profile-detector.js';

export interface Detections {
  objection: Detection<ObjectionLabel>;
  profile: Detection<ProfileLabel>;
  objective: Detection<ObjectiveLabel>;
}

export interface Detectors {
  detect(text: string, history?: string[]): Detections;
  /** Exemplar lines that were malformed or carried an unknown label. */
  readonly skipped: number;
}

/**
 * The three detectors over knowledge/exemplars. Loading embeds a few hundred
 * short exemplars (milliseconds), so build this once per process and reuse it.
 */
export function createDetectors(opts: { exemplarsDir?: string; /** false: rules, neighbours and lexicon only (the learned layer's baseline). */ learned?: boolean } = {}): Detectors {
  const dir = opts.exemplarsDir ?? EXEMPLARS_DIR;
  const objection = loadExemplars(dir, 'objection', [...OBJECTION_LABELS, 'none']);
  const profile = loadExemplars(dir, 'profile', PROFILE_LABELS);
  const objective = loadExemplars(dir, 'objective', OBJECTIVE_LABELS);
  const detectors = {
    objection: createObjectionDetector(objection.exemplars, { learned: opts.learned ?? true }),
    profile: createProfileDetector(profile.exemplars),
    objective: createObjectiveDetector(objective.exemplars),
  };
  return {
    skipped: objection.skipped + profile.skipped + objective.skipped,
    detect(text, history = []) {
      return {
        objection: detectors.objection.detect(text),
        profile: detectors.profile.detect(text, history),
        objective: detectors.objective.detect(text),
      };
    },
  };
}
