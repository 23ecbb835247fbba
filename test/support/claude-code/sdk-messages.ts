/**
 * The messages `@anthropic-ai/claude-agent-sdk` 0.3.213's `query()` yields (its `SDKMessage` types), as
 * the harness bridge reads them with `includePartialMessages`: a transcript builder that stamps each
 * one with `uuid`, `session_id` and `parent_tool_use_id`.
 */

/** One SDK message, as the bridge reads it. */
export type SdkMessage = { type: string; [field: string]: unknown };

/** A `tool_use` block of an assistant message. */
export type ToolUse = { id: string; name: string; input: Record<string, unknown> };

/** A `tool_result` block's content: a string or text blocks, as Claude Code's tools send it. */
export type ToolResultContent = string | { type: 'text'; text: string }[];

/** Whose message it is: `null` for the main agent, or the `Agent` call a subagent runs under. */
type Parent = { parent?: string | null };

export type SdkTranscript = {
  /** The SDK messages so far. */
  readonly messages: SdkMessage[];
  /** Main agent: the text streamed as `stream_event`s, then its assistant message. Subagent: the assistant message only. */
  text: (text: string, options?: Parent) => void;
  /** One assistant message per `tool_use` block, as Claude Code splits a response into content blocks. */
  toolUses: (toolUses: ToolUse[], options?: Parent) => void;
  /** A user message with one `tool_result` block and the tool's structured output. */
  toolResult: (
    result: { toolUseId: string; content: ToolResultContent; toolUseResult: unknown; isError?: boolean } & Parent,
  ) => void;
  /** The main agent's last text, then the `result` message that ends a successful query with it. */
  finish: (result: string) => void;
};

const MODEL = 'claude-sonnet-4-5-20250929';

/** Starts a transcript with the `system`/`init` message. */
export function sdkTranscript(options: { sessionId: string }): SdkTranscript {
  const messages: SdkMessage[] = [];
  let count = 0;
  const push = (message: SdkMessage, parent: string | null = null) => {
    count += 1;
    const uuid = `00000000-0000-4000-8000-${String(count).padStart(12, '0')}`;
    messages.push({ ...message, parent_tool_use_id: parent, uuid, session_id: options.sessionId });
  };
  const assistant = (content: object[], parent: string | null) =>
    push(
      {
        type: 'assistant',
        message: { id: `msg_${count + 1}`, type: 'message', role: 'assistant', model: MODEL, content },
      },
      parent,
    );

  messages.push({
    type: 'system',
    subtype: 'init',
    model: MODEL,
    permissionMode: 'bypassPermissions',
    uuid: '00000000-0000-4000-8000-000000000000',
    session_id: options.sessionId,
  });

  const text = (body: string, { parent = null }: Parent = {}) => {
    // Subagents' text never streams; the SDK forwards it as a message only with `forwardSubagentText`.
    if (parent === null) for (const event of textEvents(body)) push({ type: 'stream_event', event });
    assistant([{ type: 'text', text: body }], parent);
  };

  return {
    messages,
    text,
    toolUses: (toolUses, { parent = null } = {}) => {
      for (const { id, name, input } of toolUses) assistant([{ type: 'tool_use', id, name, input }], parent);
    },
    toolResult: ({ toolUseId, content, toolUseResult, isError, parent = null }) =>
      push(
        {
          type: 'user',
          message: {
            role: 'user',
            content: [{ type: 'tool_result', tool_use_id: toolUseId, content, ...(isError ? { is_error: true } : {}) }],
          },
          tool_use_result: toolUseResult,
        },
        parent,
      ),
    finish: (result) => {
      text(result);
      push({
        type: 'result',
        subtype: 'success',
        is_error: false,
        result,
        total_cost_usd: 0,
        usage: { input_tokens: 0, output_tokens: 0 },
      });
    },
  };
}

// A text block as the Messages API streams it, a word per delta.
function textEvents(text: string): object[] {
  const words = text.match(/\S+\s*/g) ?? [text];
  return [
    { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
    ...words.map((word) => ({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: word } })),
    { type: 'content_block_stop', index: 0 },
  ];
}
