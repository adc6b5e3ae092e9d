// The budget lives in shared/src/budget (hooks use it too); re-exported for the tool modules.
export { DEFAULT_RESULT_BUDGET, clipBytes, resultBudget } from '@context-mode/shared/budget/result-budget';
