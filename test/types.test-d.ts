// Checked by `tsc -p tsconfig.json` (not run): typed messages work without casts.
import type { InferUITools, UIMessage } from 'ai';
import type { UseChatHelpers } from '@ai-sdk/react';
import { createElement } from 'react';
import { selectTodoState, type todoWrite, type TodoRow, type TodoState } from '../src/index.js';
import { TodoList, useTodos } from '../src/react.js';

type Tools = InferUITools<{ todo_write: typeof todoWrite }>;
type ChatMessage = UIMessage<{ createdAt: number }, { note: { text: string } }, Tools>;

declare const chat: UseChatHelpers<ChatMessage>;

const state: TodoState = selectTodoState(chat.messages, { status: chat.status });
// biome-ignore lint/correctness/useHookAtTopLevel: only type-checked, never run.
const hooked: TodoState = useTodos(chat.messages, { status: chat.status, tool: 'todo_write' });
const item: TodoRow | undefined = state.todos[0];
const phase: TodoState['phase'] = hooked.phase;

// Narrowing on the phase: only a rejected state carries `rejection`.
if (state.phase === 'rejected') {
  const reason: 'error' | 'denied' | 'interrupted' = state.rejection;
  void reason;
} else if (state.phase !== 'empty') {
  const toolCallId: string = state.toolCallId;
  void toolCallId;
}

createElement(TodoList, { messages: chat.messages, status: chat.status });
createElement(TodoList, { state });
for (const message of chat.messages) {
  for (const part of message.parts) {
    if (part.type === 'tool-todo_write') {
      createElement(TodoList, { toolCallId: part.toolCallId });
      // @ts-expect-error one call of a conversation comes from the <TodoProvider>, never from messages
      createElement(TodoList, { messages: chat.messages, status: chat.status, toolCallId: part.toolCallId });
      // The typed part's input is the tool's input.
      if (part.state === 'output-available') void part.input.todos.map((todo) => todo.status);
    }
  }
}

// @ts-expect-error a state and messages at once make no sense
createElement(TodoList, { state, messages: chat.messages });

void item;
void phase;
