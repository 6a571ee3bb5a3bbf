export { loadScenarios, scenarioSchema, type Scenario, type DoctorTurn } from './scenario.js';
export { runSuite, type SuiteOptions } from './run-suite.js';
export { renderTable, totals, toolAccuracy, type EvalTotals } from './report-table.js';
export { startOfflineBackend } from './offline-backend.js';
export type { ScenarioScore } from './score.js';
export type { ModelBackend } from './run-scenario.js';
