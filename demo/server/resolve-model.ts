/**
 * Picks the real model the demo talks to from the environment: `OPENAI_API_KEY` first, then
 * `ANTHROPIC_API_KEY`. No key: `undefined` (the demo then runs its scripted model).
 *
 * Package imports only (no relative runtime imports, nothing Vite-specific): plain Node 24 can load it.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModel } from 'ai';

/** The OpenAI model used when `OPENAI_MODEL` is not set. */
export const DEFAULT_OPENAI_MODEL = 'gpt-5.4-mini';
/** The Anthropic model used when `ANTHROPIC_MODEL` is not set. */
export const DEFAULT_ANTHROPIC_MODEL = 'claude-haiku-4-5';

/** A real model chosen from the environment. */
export interface ResolvedModel {
  provider: 'openai' | 'anthropic';
  modelId: string;
  model: LanguageModel;
}

/** The environment variables read (a subset of `process.env`). */
export type ModelEnvironment = Partial<
  Record<
    | 'OPENAI_API_KEY'
    | 'OPENAI_MODEL'
    | 'OPENAI_BASE_URL'
    | 'ANTHROPIC_API_KEY'
    | 'ANTHROPIC_MODEL'
    | 'ANTHROPIC_BASE_URL',
    string
  >
>;

/**
 * `OPENAI_API_KEY` set: OpenAI's Responses API with `OPENAI_MODEL` (default {@link DEFAULT_OPENAI_MODEL}).
 * Else `ANTHROPIC_API_KEY`: Anthropic Messages with `ANTHROPIC_MODEL` (default {@link DEFAULT_ANTHROPIC_MODEL}).
 * `OPENAI_BASE_URL` / `ANTHROPIC_BASE_URL` point the client at a proxy or a compatible server.
 * Neither key: `undefined`. `fetch` replaces the global fetch (tests).
 */
export function resolveModel(env: ModelEnvironment, options: { fetch?: typeof fetch } = {}): ResolvedModel | undefined {
  const openaiKey = nonEmpty(env.OPENAI_API_KEY);
  if (openaiKey !== undefined) {
    const modelId = nonEmpty(env.OPENAI_MODEL) ?? DEFAULT_OPENAI_MODEL;
    const openai = createOpenAI({ apiKey: openaiKey, baseURL: nonEmpty(env.OPENAI_BASE_URL), fetch: options.fetch });
    return { provider: 'openai', modelId, model: openai(modelId) };
  }
  const anthropicKey = nonEmpty(env.ANTHROPIC_API_KEY);
  if (anthropicKey !== undefined) {
    const modelId = nonEmpty(env.ANTHROPIC_MODEL) ?? DEFAULT_ANTHROPIC_MODEL;
    const anthropic = createAnthropic({
      apiKey: anthropicKey,
      baseURL: nonEmpty(env.ANTHROPIC_BASE_URL),
      fetch: options.fetch,
    });
    return { provider: 'anthropic', modelId, model: anthropic(modelId) };
  }
  return undefined;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}
