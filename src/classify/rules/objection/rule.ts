import type { ObjectionLabel } from '../../labels.js';

/**
 * One objection rule: a pattern over retrieval's normal form (folded, abbreviations expanded, no punctuation,
 * padded with spaces). Across every label, the highest priority that fires decides; `provenance` says which
 * labelled material the rule was written from, so a rule can be traced and, with leave-one-set-out, dropped.
 */
export interface ObjectionRule {
  label: ObjectionLabel;
  priority: number;
  provenance: string;
  pattern: RegExp;
  /**
   * A broad rule: read only when no narrow rule fires (every broad rule's priority is below every narrow one's).
   * When broad rules of several labels fire, the neighbours break the tie among those labels.
   */
  broad?: true;
}
