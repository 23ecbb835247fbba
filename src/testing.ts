// Testing entry: a scripted language model, to run and test an app offline through the real AI SDK pipeline.
export { createScriptedModel } from './testing/scripted-model.js';
export type {
  ScriptedModelOptions,
  ScriptedPrompt,
  ScriptedStep,
  ScriptedToolCall,
} from './testing/scripted-model.js';
