import { asSchema, type ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { pruneTodoWrites, readTodos, selectTodoState, todoWrite, type Todo } from '../src/index.js';
import { bindTodoTool } from '../src/plan/todo-tool-shape.js';
import { readTodoCalls } from '../src/read/todo-calls.js';

const first: Todo[] = [{ content: 'Read the code', status: 'in_progress' }];
const second: Todo[] = [{ content: 'Fix the bug', status: 'in_progress' }];

const call = (toolCallId: string, todos: unknown, toolName = 'todo_write') => ({
  type: 'tool-call',
  toolCallId,
  toolName,
  input: { todos },
});
const result = (toolCallId: string, type = 'json', toolName = 'todo_write') => ({
  type: 'tool-result',
  toolCallId,
  toolName,
  output: { type, value: type === 'json' ? { pending: 1, in_progress: 0, completed: 0 } : {} },
});

describe('readTodoCalls over model messages', () => {
  it('maps each call onto the UI part states: answered, rejected, denied, awaiting approval, running', () => {
    const messages = [
      {
        role: 'assistant',
        content: [call('a', first), call('b', first), call('c', first), call('d', first), call('e', first)],
      },
      { role: 'assistant', content: [{ type: 'tool-approval-request', approvalId: 'ap-d', toolCallId: 'd' }] },
      { role: 'tool', content: [result('a'), result('b', 'error-text'), result('c', 'execution-denied')] },
    ];
    expect(
      readTodoCalls(messages, bindTodoTool('todo_write')).map((todoCall) => [
        todoCall.toolCallId,
        todoCall.state,
        todoCall.approvalIds,
      ]),
    ).toEqual([
      ['a', 'output-available', []],
      ['b', 'output-error', []],
      ['c', 'output-denied', []],
      ['d', 'approval-requested', ['ap-d']],
      ['e', 'input-available', []],
    ]);
  });

  it("ignores other tools' calls and results, even under the same toolCallId", () => {
    const messages = [
      { role: 'assistant', content: [call('a', first)] },
      { role: 'tool', content: [result('a', 'json', 'weather')] },
    ];
    expect(readTodoCalls(messages, bindTodoTool('todo_write')).map((todoCall) => todoCall.state)).toEqual([
      'input-available',
    ]);
  });
});

describe('when a provider reuses a toolCallId (e.g. call_0 every step)', () => {
  const messages = [
    { role: 'assistant', content: [call('call_0', first)] },
    { role: 'tool', content: [result('call_0')] },
    { role: 'assistant', content: [call('call_0', second)] },
    { role: 'tool', content: [result('call_0', 'error-text')] },
  ] as ModelMessage[];

  it('pairs each result with the newest call of that id, so a rejected later call does not count', () => {
    expect(readTodos(messages)).toEqual(first);
  });

  it('leaves both calls to pruneTodoWrites untouched', () => {
    expect(pruneTodoWrites(messages)).toBe(messages);
  });
});

describe('a task array sent bare (the tool accepts it like { todos })', () => {
  const part = {
    type: 'tool-todo_write',
    toolCallId: 'a',
    state: 'output-available',
    input: first,
    output: { pending: 0, in_progress: 1, completed: 0 },
  };

  it('is stored as { todos } by the schema', async () => {
    expect(await asSchema(todoWrite.inputSchema).validate!(first)).toEqual({ success: true, value: { todos: first } });
  });

  it('is replayed by readTodos and shown by selectTodoState', () => {
    expect(readTodos([{ id: 'm', role: 'assistant', parts: [part] }] as never)).toEqual(first);
    expect(selectTodoState([{ parts: [part] }]).todos.map(({ content, status }) => ({ content, status }))).toEqual(
      first,
    );
  });
});
