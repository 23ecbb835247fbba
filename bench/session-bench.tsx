/**
 * Long sessions: what one argument delta of the newest call costs (derivation and render, `<TodoList>` in jsdom)
 * after a few earlier calls and after many, with the history as one long answer or as earlier turns, its messages
 * shared (the same objects, as `useChat` keeps them) or deep-copied on every update.
 */
import { parsePartialJson, type UIMessage } from 'ai';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { createClaudeCodeTaskList } from '../demo/agent/claude-code-task-list.js';
import { agentTodoTools } from '../src/agents.js';
import { TodoList } from '../src/react.js';
import { seededRandom } from '../src/testing/seeded-random.js';

export type SessionShape = 'todo_write' | 'tasks';
export type SessionLayout = 'one answer' | 'turns';
export type SessionSource = 'shared' | 'copied';

export interface SessionCase {
  shape: SessionShape;
  calls: number;
  layout: SessionLayout;
  source: SessionSource;
}

const ITEMS = 8;
const TEXTS = [
  'Read the failing test and its fixtures',
  'Find where the cache key is built',
  'Write a regression test for stale entries',
  'Fix the key to include the locale',
  'Update the docs on cache invalidation',
  'Run the whole suite and fix failures',
  'Check the bundle size budget',
  'Write the changelog entry',
];

type Part = Record<string, unknown>;

/** `calls` accepted calls of the shape: a plan worked through over and over, or tasks created and updated. */
function historyParts(shape: SessionShape, calls: number): Part[] {
  const parts: Part[] = [];
  if (shape === 'todo_write') {
    for (let call = 0; call < calls; call++) {
      const done = call % (ITEMS + 1);
      const todos = TEXTS.map((content, at) => ({
        content: `${content} (${Math.floor(call / (ITEMS + 1))})`,
        status: at < done ? 'completed' : at === done ? 'in_progress' : 'pending',
      }));
      const counts = { pending: ITEMS - done - 1, in_progress: 1, completed: done };
      parts.push(toolPart('todo_write', `call-${call}`, { todos }, counts));
    }
    return parts;
  }
  const list = createClaudeCodeTaskList();
  const open: string[] = [];
  for (let call = 0; call < calls; call++) {
    if (open.length < 4 || call % 3 === 0) {
      const subject = `${TEXTS[call % ITEMS]} (${call})`;
      const input = { subject, description: subject, activeForm: `Working on ${subject}` };
      const answer = list.create(input);
      open.push(answer.toolUseResult.task.id);
      parts.push(toolPart('TaskCreate', `call-${call}`, input, answer.content));
    } else {
      const taskId = open[0]!;
      const status = call % 3 === 1 ? ('in_progress' as const) : ('completed' as const);
      if (status === 'completed') open.shift();
      const input = { taskId, status };
      parts.push(toolPart('TaskUpdate', `call-${call}`, input, list.update(input).content));
    }
  }
  return parts;
}

function toolPart(name: string, toolCallId: string, input: unknown, output: unknown): Part {
  return { type: `tool-${name}`, toolCallId, state: 'output-available', input, output };
}

/** The history as messages: one assistant message holding every call, or a user and an assistant message per call. */
function historyMessages(parts: Part[], layout: SessionLayout): UIMessage[] {
  const user = (at: number): UIMessage => ({ id: `u${at}`, role: 'user', parts: [{ type: 'text', text: 'Go on.' }] });
  if (layout === 'one answer') return [user(0), { id: 'a0', role: 'assistant', parts: parts as UIMessage['parts'] }];
  return parts.flatMap((part, at) => [
    user(at),
    { id: `a${at}`, role: 'assistant', parts: [part] as UIMessage['parts'] },
  ]);
}

/** The newest call's input as it streams: the text cut into 3-5 character deltas, each parsed as the SDK does. */
async function streamedInputs(shape: SessionShape): Promise<unknown[]> {
  const input =
    shape === 'todo_write'
      ? { todos: TEXTS.map((content, at) => ({ content, status: at === 0 ? 'in_progress' : 'pending' })) }
      : { subject: TEXTS[3], description: `${TEXTS[3]}, with a test for each locale`, activeForm: 'Fixing the key' };
  const text = JSON.stringify(input);
  const random = seededRandom(7);
  const inputs: unknown[] = [];
  for (let end = 0; end < text.length; ) {
    end = Math.min(text.length, end + 3 + Math.floor(random() * 3));
    inputs.push((await parsePartialJson(text.slice(0, end))).value);
  }
  return inputs;
}

const PASSES = 5;

/** Microseconds per argument delta, median of the deltas of every measured pass (derivation and render, to the commit). */
export async function measureSession({ shape, calls, layout, source }: SessionCase): Promise<number> {
  const history = historyMessages(historyParts(shape, calls), layout);
  const tool = shape === 'todo_write' ? undefined : agentTodoTools.claudeCodeTasks;
  const name = shape === 'todo_write' ? 'todo_write' : 'TaskCreate';
  const snapshots = (await streamedInputs(shape)).map((input) => {
    const part = { type: `tool-${name}`, toolCallId: 'streaming', state: 'input-streaming', input };
    // useChat copies the streaming message and its parts on every update; the earlier messages stay as they were.
    const last = history.at(-1)!;
    const messages: UIMessage[] =
      layout === 'one answer'
        ? [
            ...history.slice(0, -1),
            { ...last, parts: [...last.parts.map((each) => ({ ...each })), part] as UIMessage['parts'] },
          ]
        : [...history, { id: 'streaming', role: 'assistant', parts: [part] as UIMessage['parts'] }];
    return messages;
  });
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const times: number[] = [];
  // One warm-up pass, then PASSES measured ones, each from a fresh mount: one pass is too few deltas for the JIT and
  // the collector to settle after a long history is built.
  for (let run = 0; run <= PASSES; run++) {
    for (const snapshot of snapshots) {
      const messages = source === 'copied' ? structuredClone(snapshot) : snapshot;
      const start = performance.now();
      flushSync(() => root.render(<TodoList messages={messages} status="streaming" tool={tool} />));
      if (run > 0) times.push(performance.now() - start);
    }
    flushSync(() => root.render(null));
  }
  root.unmount();
  container.remove();
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]! * 1000;
}
