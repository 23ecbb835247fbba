/**
 * Stands in for `@anthropic-ai/claude-agent-sdk` inside the harness's bridge: `query()` replays the SDK
 * messages in the JSON file `CLAUDE_CODE_SDK_MESSAGES` names, once Claude Code would have read the prompt.
 */
import { readFileSync } from 'node:fs';

export function query({ prompt }) {
  const messages = JSON.parse(readFileSync(process.env.CLAUDE_CODE_SDK_MESSAGES, 'utf8'));
  const replay = (async function* () {
    await prompt[Symbol.asyncIterator]().next();
    yield* messages;
  })();
  return Object.assign(replay, { interrupt: async () => {} });
}
