/**
 * The integration assertions every AI SDK major must pass: the `todo_write` tool through
 * `streamText` with a scripted mock model, its UI message stream read back as the client reads
 * it, and our replay helpers over the result. Run by test/compat/v5|v6|v7/tool.test.ts with
 * that major's adapter; `ai` itself is aliased to the same major by the vitest project.
 */
import * as aiAsSrcSeesIt from 'ai';
import type { UIMessage } from 'ai';
import { describe, expect, it, vi } from 'vitest';
import { createTodoSelector, createTodoWrite, readTodos, selectTodoState, type Todo } from '../../../src/index.js';
import { EXPECTED_INPUT_SCHEMA } from '../../support/expected-input-schema.js';
import type { CompatAdapter, UIChunkLike, UIMessageLike } from '../adapters/compat-adapter.js';

export const FIRST_PLAN: Todo[] = [
  { content: 'Read the failing test', status: 'completed' },
  { content: 'Find the off-by-one in the pager', status: 'in_progress' },
  { content: 'Write a regression test', status: 'pending' },
];

export const SECOND_PLAN: Todo[] = [
  { content: 'Read the failing test', status: 'completed' },
  { content: 'Find the off-by-one in the pager', status: 'completed' },
  { content: 'Write a regression test', status: 'in_progress' },
  { content: 'Update the changelog', status: 'pending' },
];

/** Two tasks in_progress: the tool rejects it. */
export const TWO_IN_PROGRESS: Todo[] = [
  { content: 'Read the failing test', status: 'in_progress' },
  { content: 'Find the off-by-one in the pager', status: 'in_progress' },
];

function chunksOf(run: { uiChunks: UIChunkLike[] }, toolCallId: string): string[] {
  return run.uiChunks.filter((chunk) => chunk.toolCallId === toolCallId).map((chunk) => chunk.type);
}

function todoParts(message: UIMessageLike | undefined): Array<Record<string, unknown>> {
  return (message?.parts ?? []).filter((part) => part.type === 'tool-todo_write');
}

function asUIMessages(messages: UIMessageLike[]): UIMessage[] {
  return messages as unknown as UIMessage[];
}

/** Consecutive duplicates removed: ['a', 'a', 'b'] → ['a', 'b']. */
function collapse<T>(values: T[]): T[] {
  return values.filter((value, index) => index === 0 || value !== values[index - 1]);
}

export function describeToolThroughStreamText(adapter: CompatAdapter): void {
  describe(`todo_write through streamText on AI SDK ${adapter.major}`, () => {
    it(`runs against ai ${adapter.major}.x, the same module our src/ imports`, () => {
      expect(adapter.aiVersion.split('.')[0]).toBe(String(adapter.major));
      expect(aiAsSrcSeesIt.streamText).toBe(adapter.streamText);
    });

    it('offers the JSON schema generated from its zod schema, key for key as the model reads it', async () => {
      const offered = await (createTodoWrite().inputSchema as unknown as { jsonSchema: unknown }).jsonSchema;
      expect(JSON.stringify(offered)).toBe(JSON.stringify(EXPECTED_INPUT_SCHEMA));
    });

    describe('when the model writes a valid list', () => {
      it('executes it, tells the model the counts and ends the UI part output-available', async () => {
        const onWrite = vi.fn();
        const run = await adapter.runAgent({
          tools: { todo_write: createTodoWrite({ onWrite }) },
          steps: [{ toolCalls: [{ toolCallId: 'call-1', input: { todos: FIRST_PLAN } }] }, { text: 'On it.' }],
        });

        const counts = { pending: 1, in_progress: 1, completed: 1 };
        expect(run.toolErrors).toEqual([]);
        expect(run.toolResults).toEqual([
          { toolCallId: 'call-1', toolName: 'todo_write', input: { todos: FIRST_PLAN }, output: counts },
        ]);
        expect(run.toolResultsSeenByModel[0]).toEqual([
          { toolCallId: 'call-1', toolName: 'todo_write', output: { type: 'json', value: counts } },
        ]);

        expect(onWrite).toHaveBeenCalledTimes(1);
        expect(onWrite.mock.calls[0]?.[0]).toEqual(FIRST_PLAN);
        expect(onWrite.mock.calls[0]?.[1]).toMatchObject({ toolCallId: 'call-1', messages: expect.any(Array) });

        const types = collapse(chunksOf(run, 'call-1'));
        expect(types).toEqual([
          'tool-input-start',
          'tool-input-delta',
          'tool-input-available',
          'tool-output-available',
        ]);

        const [part] = todoParts(run.uiSnapshots.at(-1));
        expect(part).toMatchObject({
          toolCallId: 'call-1',
          state: 'output-available',
          input: { todos: FIRST_PLAN },
          output: counts,
        });
      });

      it('reads back the same list from the model messages, the UI messages and their conversion', async () => {
        const run = await adapter.runAgent({
          tools: { todo_write: createTodoWrite() },
          steps: [
            { toolCalls: [{ toolCallId: 'call-1', input: { todos: FIRST_PLAN } }] },
            { toolCalls: [{ toolCallId: 'call-2', input: { todos: SECOND_PLAN } }] },
            { text: 'Done.' },
          ],
        });
        const assistant = run.uiSnapshots.at(-1)!;
        const conversation: UIMessageLike[] = [
          { id: 'user-1', role: 'user', parts: [{ type: 'text', text: 'Fix the pager.' }] },
          assistant,
        ];

        expect(readTodos(run.modelMessages as never)).toEqual(SECOND_PLAN);
        expect(readTodos(asUIMessages(conversation))).toEqual(SECOND_PLAN);
        expect(readTodos((await adapter.convertToModelMessages(conversation)) as never)).toEqual(SECOND_PLAN);

        const state = selectTodoState(asUIMessages(conversation), { status: 'ready' });
        expect(state).toMatchObject({
          phase: 'accepted',
          toolCallId: 'call-2',
          counts: { pending: 1, in_progress: 1, completed: 2 },
        });
        expect(state.todos.map(({ content, status }) => ({ content, status }))).toEqual(SECOND_PLAN);
      });
    });

    describe('when the model breaks a rule', () => {
      it("shows the model the tool's own message, ends the UI part output-error and keeps the last list", async () => {
        const onWrite = vi.fn();
        const run = await adapter.runAgent({
          tools: { todo_write: createTodoWrite({ onWrite }) },
          steps: [
            { toolCalls: [{ toolCallId: 'call-1', input: { todos: FIRST_PLAN } }] },
            { toolCalls: [{ toolCallId: 'call-2', input: { todos: TWO_IN_PROGRESS } }] },
            { text: 'Let me fix that.' },
          ],
        });

        expect(onWrite).toHaveBeenCalledTimes(1);
        expect(run.toolErrors.map(({ toolCallId }) => toolCallId)).toEqual(['call-2']);
        const seen = run.toolResultsSeenByModel[1]?.find(({ toolCallId }) => toolCallId === 'call-2');
        expect(seen?.output.type).toBe('error-text');
        expect(String(seen?.output.value)).toMatch(/^(Error: )?Nothing was saved/);
        expect(String(seen?.output.value)).toContain('at most one task may be in_progress');

        const assistant = run.uiSnapshots.at(-1)!;
        const rejected = todoParts(assistant).find((part) => part.toolCallId === 'call-2');
        expect(rejected).toMatchObject({ state: 'output-error', input: { todos: TWO_IN_PROGRESS } });
        // What the UI shows as errorText: v7 passes the tool's message through; v5 and v6 mask every
        // error as 'An error occurred.' unless the app passes `onError` to toUIMessageStream(Response).
        if (adapter.major >= 7) expect(String(rejected?.errorText)).toContain('at most one task may be in_progress');
        else expect(rejected?.errorText).toBe('An error occurred.');

        expect(readTodos(run.modelMessages as never)).toEqual(FIRST_PLAN);
        expect(readTodos(asUIMessages([assistant]))).toEqual(FIRST_PLAN);
        const state = selectTodoState(asUIMessages([assistant]), { status: 'ready' });
        expect(state.phase).toBe('rejected');
        expect(state.todos.map(({ content }) => content)).toEqual(FIRST_PLAN.map(({ content }) => content));
      });

      it("shows the tool's message in the UI on every major when the app passes onError", async () => {
        const run = await adapter.runAgent({
          tools: { todo_write: createTodoWrite() },
          steps: [{ toolCalls: [{ toolCallId: 'call-1', input: { todos: TWO_IN_PROGRESS } }] }, { text: 'Oops.' }],
          uiStreamOptions: { onError: (error) => (error instanceof Error ? error.message : String(error)) },
        });
        const [part] = todoParts(run.uiSnapshots.at(-1));
        expect(part?.state).toBe('output-error');
        expect(String(part?.errorText)).toContain('at most one task may be in_progress');
      });

      it('answers input outside the schema (status "done") with its own message, not the SDK\'s schema error', async () => {
        const run = await adapter.runAgent({
          tools: { todo_write: createTodoWrite() },
          steps: [
            { toolCalls: [{ toolCallId: 'call-1', input: { todos: [{ content: 'Ship it', status: 'done' }] } }] },
            { text: 'Retrying.' },
          ],
        });
        const seen = run.toolResultsSeenByModel[0]?.[0];
        expect(seen?.output.type).toBe('error-text');
        expect(String(seen?.output.value)).toContain('status "done"; use pending, in_progress or completed');
      });
    });

    describe('while the arguments stream', () => {
      it('grows the checklist item by item, never showing a cut-off status or flashing empty', async () => {
        const run = await adapter.runAgent({
          tools: { todo_write: createTodoWrite() },
          steps: [
            { toolCalls: [{ toolCallId: 'call-1', input: { todos: SECOND_PLAN }, deltaCount: 40 }] },
            { text: 'Working.' },
          ],
        });
        const contents = SECOND_PLAN.map(({ content }) => content);
        const selector = createTodoSelector();
        const phases: string[] = [];
        const rowCounts: number[] = [];
        for (const snapshot of run.uiSnapshots) {
          const state = selector.select(asUIMessages([snapshot]));
          phases.push(state.phase);
          rowCounts.push(state.todos.length);
          for (const [index, item] of state.todos.entries()) {
            expect(['pending', 'in_progress', 'completed']).toContain(item.status);
            expect(contents[index]?.startsWith(item.content)).toBe(true);
            expect(item.content).not.toBe('');
          }
        }
        // The first snapshot already holds the part (state input-streaming, input undefined).
        expect(collapse(phases).filter((phase) => phase !== 'empty')).toEqual(['streaming', 'executing', 'accepted']);
        expect(phases.lastIndexOf('empty')).toBeLessThan(phases.indexOf('streaming'));
        expect(rowCounts.filter((count, index) => index > 0 && count < rowCounts[index - 1]!)).toEqual([]);
        expect(Math.max(...rowCounts)).toBe(SECOND_PLAN.length);
        expect(new Set(rowCounts.filter((count) => count > 0)).size).toBeGreaterThan(2);
      });
    });
  });
}

/** The tool definitions one major sends the model on the first step of a run with `tools`. */
export type SentTools = (tools: Record<string, unknown>) => Promise<unknown[]>;

/** `createTodoWrite({ strict })` on one major: AI SDK 6 and 7 send the flag, AI SDK 5 has none. */
export function describeStrictOption(major: 5 | 6 | 7, sentTools: SentTools): void {
  describe(`the strict option on AI SDK ${major}`, () => {
    it(
      major >= 6
        ? 'reaches the model as strict: true, with the same schema'
        : 'is not sent: AI SDK 5 has no strict tools',
      async () => {
        const [definition] = await sentTools({ todo_write: createTodoWrite({ strict: true }) });
        expect(definition).toMatchObject({ name: 'todo_write', inputSchema: EXPECTED_INPUT_SCHEMA });
        if (major >= 6) expect(definition).toMatchObject({ strict: true });
        else expect(definition).not.toHaveProperty('strict');
      },
    );

    it('is not sent by default', async () => {
      const [definition] = await sentTools({ todo_write: createTodoWrite() });
      expect(definition).not.toHaveProperty('strict');
    });
  });
}
