/**
 * Which model answers: a real provider when its API key is set, else a scripted agent built on
 * `todo-write/testing` (`scripted-agent.ts`), so the app works with no key.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModel, UIMessage } from 'ai';
import { createScriptedAgent } from './scripted-agent';
import { LOGIN_LIMIT_PLAN, RENAME_COLUMN_PLAN } from './scripted-plans';

/**
 * `OPENAI_API_KEY` → OpenAI (`OPENAI_MODEL`, default `gpt-5.4-mini`); else `ANTHROPIC_API_KEY` →
 * Anthropic (`ANTHROPIC_MODEL`, default `claude-haiku-4-5`); neither → the scripted agent, at
 * `SCRIPTED_MODEL_SPEED` times its normal pace (default 1). The scripted agent reads the conversation
 * from its prompt, so `_messages` is not needed.
 */
export function chatModel(_messages?: readonly UIMessage[]): LanguageModel {
  const openaiKey = process.env.OPENAI_API_KEY?.trim();
  if (openaiKey) return createOpenAI({ apiKey: openaiKey })(process.env.OPENAI_MODEL || 'gpt-5.4-mini');
  const anthropicKey = process.env.ANTHROPIC_API_KEY?.trim();
  if (anthropicKey) return createAnthropic({ apiKey: anthropicKey })(process.env.ANTHROPIC_MODEL || 'claude-haiku-4-5');
  const speed = Number(process.env.SCRIPTED_MODEL_SPEED ?? 1);
  return createScriptedAgent(speed > 0 ? speed : 1);
}

/** Whether the scripted agent answers: no API key is set. */
export function isScriptedAgent(): boolean {
  return !process.env.OPENAI_API_KEY?.trim() && !process.env.ANTHROPIC_API_KEY?.trim();
}

/** The prompts the page suggests: the scripted plans' (they read fine to a real model too). */
export const SUGGESTED_PROMPTS: readonly string[] = [LOGIN_LIMIT_PLAN.prompt, RENAME_COLUMN_PLAN.prompt];
