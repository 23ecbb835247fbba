/**
 * A LangChain chat model that plays scripted turns, for LangChain's real agent loop with no network:
 * each `_streamResponseChunks` call streams the next turn, a tool call's arguments cut into small
 * `tool_call_chunks` deltas as provider integrations stream them.
 */
import type { CallbackManagerForLLMRun } from '@langchain/core/callbacks/manager';
import { BaseChatModel, type BaseChatModelParams } from '@langchain/core/language_models/chat_models';
import { AIMessage, AIMessageChunk, type BaseMessage } from '@langchain/core/messages';
import { ChatGenerationChunk, type ChatResult } from '@langchain/core/outputs';
import { splitIntoDeltas } from './stream-todo-call.js';

/** One scripted model turn: tool calls (streamed argument by argument), or a text answer. */
export type ScriptedTurn =
  | { toolCalls: { id: string; name: string; args: unknown; json?: string }[] }
  | { text: string };

/** Plays `turns` in order; every run of the agent takes the next one. */
export class ScriptedChatModel extends BaseChatModel {
  /** The messages each turn was called with, for assertions on what the agent loop sent. */
  readonly calls: BaseMessage[][] = [];
  private next = 0;
  private readonly turns: readonly ScriptedTurn[];

  constructor(turns: readonly ScriptedTurn[], fields: BaseChatModelParams = {}) {
    super(fields);
    this.turns = turns;
  }

  _llmType(): string {
    return 'scripted';
  }

  /** The agent binds its tools; the script already knows which it calls. */
  override bindTools(): this {
    return this;
  }

  private take(messages: BaseMessage[]): ScriptedTurn {
    this.calls.push(messages);
    const turn = this.turns[this.next++];
    if (!turn) throw new Error(`ScriptedChatModel: no turn ${this.next} scripted`);
    return turn;
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const turn = this.take(messages);
    const message =
      'text' in turn
        ? new AIMessage(turn.text)
        : new AIMessage({
            content: '',
            tool_calls: turn.toolCalls.map(({ id, name, args }) => ({
              id,
              name,
              args: args as Record<string, unknown>,
            })),
          });
    return { generations: [{ text: typeof message.content === 'string' ? message.content : '', message }] };
  }

  override async *_streamResponseChunks(
    messages: BaseMessage[],
    _options: this['ParsedCallOptions'],
    runManager?: CallbackManagerForLLMRun,
  ): AsyncGenerator<ChatGenerationChunk> {
    const turn = this.take(messages);
    const chunks: AIMessageChunk[] = [];
    if ('text' in turn) {
      for (const delta of splitIntoDeltas(turn.text)) chunks.push(new AIMessageChunk({ content: delta }));
    } else {
      turn.toolCalls.forEach(({ id, name, args, json = JSON.stringify(args) }, index) => {
        splitIntoDeltas(json, { seed: index + 1 }).forEach((delta, at) => {
          const head = at === 0 ? { id, name } : {};
          chunks.push(new AIMessageChunk({ content: '', tool_call_chunks: [{ ...head, args: delta, index }] }));
        });
      });
    }
    for (const message of chunks) {
      const text = typeof message.content === 'string' ? message.content : '';
      const chunk = new ChatGenerationChunk({ text, message });
      await runManager?.handleLLMNewToken(text, undefined, undefined, undefined, undefined, { chunk });
      yield chunk;
    }
  }
}
