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
}
