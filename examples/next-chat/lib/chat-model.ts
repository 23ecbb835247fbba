/**
 * Which model answers: a real provider when its API key is set, else todo-write's scripted coding
 * agent (`todo-write/testing`, the one the Vite demo runs), so the app works with no key.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModel, UIMessage } from 'ai';
import { createScriptedModel, SCENARIO_IDS, type Scenario, scenarios } from 'todo-write/testing';

/**
 * `OPENAI_API_KEY` → OpenAI (`OPENAI_MODEL`, default `gpt-5.4-mini`); else `ANTHROPIC_API_KEY` →
 * Anthropic (`ANTHROPIC_MODEL`, default `claude-haiku-4-5`); neither → the scripted agent, at
 * `SCRIPTED_MODEL_SPEED` times its normal pace (default 1). The same choice as the Vite demo.
 */
export function chatModel(messages: readonly UIMessage[]): LanguageModel {
  const openaiKey = process.env.OPENAI_API_KEY?.trim();
  if (openaiKey) return createOpenAI({ apiKey: openaiKey })(process.env.OPENAI_MODEL || 'gpt-5.4-mini');
  const anthropicKey = process.env.ANTHROPIC_API_KEY?.trim();
  if (anthropicKey) return createAnthropic({ apiKey: anthropicKey })(process.env.ANTHROPIC_MODEL || 'claude-haiku-4-5');
  const speed = Number(process.env.SCRIPTED_MODEL_SPEED ?? 1);
  return createScriptedModel({ scenario: scenarioFor(messages), speed: speed > 0 ? speed : 1 });
}

/** Whether the scripted agent answers: no API key is set. */
export function isScriptedAgent(): boolean {
  return !process.env.OPENAI_API_KEY?.trim() && !process.env.ANTHROPIC_API_KEY?.trim();
}

/** The prompts the page suggests: the scripted scenarios' (they read fine to a real model too). */
export const SUGGESTED_PROMPTS: readonly string[] = [scenarios.plan.prompt, scenarios.rejected.prompt];

/**
 * The scripted scenario of the newest user message that is one of its prompts (so a "continue"
 * stays in its scenario); the normal plan otherwise.
 */
function scenarioFor(messages: readonly UIMessage[]): Scenario {
  const byPrompt = new Map(SCENARIO_IDS.map((id) => [scenarios[id].prompt, scenarios[id]]));
  for (const message of messages.toReversed()) {
    if (message.role !== 'user') continue;
    const text = message.parts
      .map((part) => (part.type === 'text' ? part.text : ''))
      .join('')
      .trim();
    const scenario = byPrompt.get(text);
    if (scenario !== undefined) return scenario;
  }
  return scenarios.plan;
}
