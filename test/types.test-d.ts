// Checked by `tsc -p tsconfig.json` (not run): typed messages work without casts.
import type { InferUITools, UIMessage } from 'ai';
import type { UseChatHelpers } from '@ai-sdk/react';
import { createElement } from 'react';
import { agentTodoTools } from '../src/agents.js';
import {
  type AnyTodoState,
  createTodoSelector,
  pruneTodoWrites,
  readTodos,
  selectTodoState,
  type Todo,
  type TodoCounts,
  type TodoRow,
  type TodoSelector,
  type TodoState,
  type TodoStatus,
  type TodoToolOption,
  type TodoRowStatus,
  type TodoToolShape,
  type todoWrite,
} from '../src/index.js';
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

// Other agents' shapes: the statuses come with the shape; code written for todo_write keeps its types.
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const isTrue = <T extends true>(value?: T): T | undefined => value;
// biome-ignore lint/correctness/useHookAtTopLevel: only type-checked, never run.
const gemini = useTodos(chat.messages, { status: chat.status, tool: agentTodoTools.geminiCli });
const cancelledCount: number = gemini.counts.cancelled;
const geminiStatus: 'pending' | 'in_progress' | 'completed' | 'cancelled' | 'blocked' | undefined =
  gemini.todos[0]?.status;
const blockedCount: number = gemini.counts.blocked;
// biome-ignore lint/correctness/useHookAtTopLevel: only type-checked, never run.
const claude: TodoState = useTodos(chat.messages, { tool: agentTodoTools.claudeCode });
// @ts-expect-error Claude Code's TodoWrite has no cancelled status, so its counts have no such key.
void claude.counts.cancelled;
const activeForm: string | undefined = claude.todos[0]?.activeForm;
const codex = selectTodoState(chat.messages, { tool: agentTodoTools.codex });
const note: string | undefined = codex.explanation;
// biome-ignore lint/correctness/useHookAtTopLevel: only type-checked, never run.
const plain = useTodos(chat.messages, { status: chat.status });
isTrue<Equal<typeof plain, TodoState>>();
isTrue<Equal<typeof plain.counts, TodoCounts>>();
const replayed = readTodos(chat.messages);
isTrue<Equal<typeof replayed, Todo[]>>();
isTrue<Equal<ReturnType<typeof readTodos<TodoRowStatus>>[number]['status'], TodoRowStatus>>();
const selector = createTodoSelector({ tool: { maxTodos: 20 } });
isTrue<Equal<typeof selector, TodoSelector>>();
// A tool option of any kind, as a component passes it on, gives a state of any shape.
declare const option: TodoToolOption<TodoRowStatus>;
// biome-ignore lint/correctness/useHookAtTopLevel: only type-checked, never run.
const anyShape: AnyTodoState = useTodos(chat.messages, { tool: option });
createElement(TodoList, { state: anyShape });
const shape: TodoToolShape = agentTodoTools.langchain;
const geminiShape: TodoToolShape<TodoRowStatus> = agentTodoTools.geminiCli;
// A renderItem and an announce written for the three statuses still fit <TodoList>.
const renderRow = (row: TodoRow, statusLabel: string) => `${row.content}: ${statusLabel}`;
const announce = (listState: TodoState): string => listState.phase;
createElement(TodoList, { state: gemini, renderItem: renderRow, labels: { announce } });
createElement(TodoList, { messages: chat.messages, tool: agentTodoTools.opencode, renderItem: renderRow });
// Every helper that takes a tool takes every built-in shape, the task tools too.
declare const history: Parameters<typeof pruneTodoWrites>[0];
pruneTodoWrites(history, { tool: agentTodoTools.claudeCodeTasks });
readTodos(chat.messages, { tool: agentTodoTools.claudeCodeTasks });
const tasks = selectTodoState(chat.messages, { tool: agentTodoTools.claudeCodeTasks });
const blockedTasks: number = tasks.counts.blocked;
void [cancelledCount, blockedCount, geminiStatus, activeForm, note, shape, geminiShape, blockedTasks];

// One options type: every reader infers the statuses from the shape it is given, for every built-in shape.
type Statuses<T> = T extends readonly Todo<infer Status>[]
  ? Status
  : T extends TodoState<infer Status>
    ? Status
    : never;
type FourTasks = 'pending' | 'in_progress' | 'completed' | 'blocked';
type FiveGemini = 'pending' | 'in_progress' | 'completed' | 'cancelled' | 'blocked';
type FourOpencode = 'pending' | 'in_progress' | 'completed' | 'cancelled';
const { claudeCode, claudeCodeTasks, langchain, geminiCli, mastra, opencode } = agentTodoTools;
const read = {
  claudeCode: readTodos(chat.messages, { tool: claudeCode }),
  claudeCodeTasks: readTodos(chat.messages, { tool: claudeCodeTasks }),
  langchain: readTodos(chat.messages, { tool: langchain }),
  geminiCli: readTodos(chat.messages, { tool: geminiCli }),
  codex: readTodos(chat.messages, { tool: agentTodoTools.codex }),
  mastra: readTodos(chat.messages, { tool: mastra }),
  opencode: readTodos(chat.messages, { tool: opencode }),
  named: readTodos(chat.messages, { tool: 'plan' }),
  settings: readTodos(chat.messages, { tool: { maxTodos: 20 } }),
};
isTrue<Equal<Statuses<typeof read.claudeCode>, TodoStatus>>();
isTrue<Equal<Statuses<typeof read.claudeCodeTasks>, FourTasks>>();
isTrue<Equal<Statuses<typeof read.langchain>, TodoStatus>>();
isTrue<Equal<Statuses<typeof read.geminiCli>, FiveGemini>>();
isTrue<Equal<Statuses<typeof read.codex>, TodoStatus>>();
isTrue<Equal<Statuses<typeof read.mastra>, TodoStatus>>();
isTrue<Equal<Statuses<typeof read.opencode>, FourOpencode>>();
isTrue<Equal<Statuses<typeof read.named>, TodoStatus>>();
isTrue<Equal<Statuses<typeof read.settings>, TodoStatus>>();
// biome-ignore lint/correctness/useHookAtTopLevel: only type-checked, never run.
const hookedTasks = useTodos(chat.messages, { tool: claudeCodeTasks, status: chat.status, toolCallId: 'call-1' });
isTrue<Equal<Statuses<typeof hookedTasks>, FourTasks>>();
const selectedOpencode = selectTodoState(chat.messages, { tool: opencode, agent: 'call-2' });
isTrue<Equal<Statuses<typeof selectedOpencode>, FourOpencode>>();
const geminiSelector = createTodoSelector({ tool: geminiCli });
isTrue<Equal<typeof geminiSelector, TodoSelector<FiveGemini>>>();
isTrue<Equal<Statuses<ReturnType<typeof geminiSelector.select>>, FiveGemini>>();
// A shape written inline infers its own statuses; one the checklist cannot show is refused.
const inline = readTodos(chat.messages, {
  tool: { name: 'plan', list: 'steps', text: 'title', statuses: ['pending', 'completed', 'cancelled'] },
});
isTrue<Equal<Statuses<typeof inline>, 'pending' | 'completed' | 'cancelled'>>();
// @ts-expect-error 'done' is no status a row can show
readTodos(chat.messages, { tool: { name: 'plan', list: 'steps', text: 'title', statuses: ['pending', 'done'] } });
// A task-tools shape comes only from todo-write/agents, which brings its reader.
// @ts-expect-error a task-tools shape without its reader
readTodos(chat.messages, { tool: { tasks: { create: 'a', update: 'b', list: 'c' }, statuses: ['pending'] } });
