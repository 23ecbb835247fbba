// Testing entry: a scripted coding agent that plans with todo_write, for offline runs and tests of an app.
export { createScriptedModel } from './testing/scripted-model.js';
export type {
  ScriptedCall,
  ScriptedModelOptions,
  ScriptedPrompt,
  ScriptedStep,
  ScriptedTodo,
} from './testing/scripted-model.js';
export { SCENARIO_IDS, scenarios } from './testing/scenarios.js';
export type {
  Research,
  Scenario,
  ScenarioId,
  ScenarioTask,
  ScriptedPlan,
  TaskRevision,
} from './testing/scenarios.js';
