/**
 * The streaming invariants of a checklist, checked on every snapshot of a conversation as a chat
 * client sees it: the list never flashes empty once shown, a row never turns into another task (a
 * key keeps its task; only a new task's text may grow), no row without text or with a status the
 * tool does not write, no present-tense text or plan note shown before it is whole, and a rejected
 * call brings back the last accepted list. The selector read snapshot after snapshot must also give
 * the answer a fresh one gives (its caches never change the answer).
 */
import { expect } from 'vitest';
import type { UIMessage } from 'ai';
import type { TodoRowStatus } from '../../src/index.js';
import type { AnyTodoState, TodoRow } from '../../src/index.js';
import { createTodoSelector, type TodoToolShape } from '../../src/index.js';
import { TODO_WRITE_STATUSES } from '../../src/plan/todo-statuses.js';
import { rowText } from '../../src/react/todo-list-row.js';

const createShapeSelector = (shape: TodoToolShape<TodoRowStatus>) => createTodoSelector({ tool: shape });

/** A conversation as it stood after one update, with the chat's status then. */
export interface ConversationSnapshot {
  messages: UIMessage[];
  status: 'streaming' | 'ready';
}

/** Every value a whole field can take in the script (`activeForm`s, the plan notes): anything else is cut off. */
export interface WholeTexts {
  activeForms?: readonly string[];
  explanations?: readonly string[];
}

/** Turns the snapshots of one streamed assistant message into conversations: the user's prompt, then the message. */
export function asConversations(prompt: UIMessage[], snapshots: UIMessage[]): ConversationSnapshot[] {
  const streaming = snapshots.map(
    (message): ConversationSnapshot => ({ messages: [...prompt, message], status: 'streaming' }),
  );
  const last = snapshots.at(-1);
  return last ? [...streaming, { messages: [...prompt, last], status: 'ready' }] : streaming;
}

/**
 * Checks every invariant on every snapshot; returns the state of each, in order. `agent`: check that subagent's plan.
 * A task written task by task may be renamed: its row keeps its id instead.
 */
export function checkTodoSnapshots(
  snapshots: readonly ConversationSnapshot[],
  shape: TodoToolShape<TodoRowStatus>,
  whole: WholeTexts = {},
  agent?: string,
): AnyTodoState[] {
  const selector = createShapeSelector(shape);
  const statuses: readonly string[] = shape.statuses ?? TODO_WRITE_STATUSES;
  const seen = new Map<string, TodoRow<TodoRowStatus>>();
  let shown = false;
  let accepted: string[] = [];
  const states: AnyTodoState[] = [];
  snapshots.forEach(({ messages, status }, at) => {
    const state = selector.select(messages, { status, agent });
    const where = `snapshot ${at} (${state.phase})`;
    expect(createShapeSelector(shape).select(structuredClone(messages), { status, agent }), where).toEqual(state);
    if (shown) expect(state.todos.length, `${where}: the list flashed empty`).toBeGreaterThan(0);
    shown ||= state.todos.length > 0;
    for (const row of state.todos) {
      expect(row.content.trim(), `${where}: a row without text`).not.toBe('');
      expect(statuses, `${where}: "${row.status}" is not a status of ${shape.name}`).toContain(row.status);
      if (row.activeForm !== undefined)
        expect(whole.activeForms, `${where}: cut-off activeForm`).toContain(row.activeForm);
      const before = seen.get(row.key);
      if (before?.id !== undefined) expect(row.id, `${where}: row ${row.key} turned into another task`).toBe(before.id);
      else if (before && before.content !== row.content) {
        expect(before.streaming, `${where}: row ${row.key} turned from "${before.content}" into "${row.content}"`).toBe(
          true,
        );
        expect(row.content.startsWith(before.content), `${where}: row ${row.key} morphed`).toBe(true);
      }
      seen.set(row.key, row);
    }
    if (state.explanation !== undefined)
      expect(whole.explanations, `${where}: cut-off note`).toContain(state.explanation);
    if (state.phase === 'accepted') accepted = state.todos.map((row) => row.content);
    if (state.phase === 'rejected')
      expect(
        state.todos.map((row) => row.content),
        `${where}: not the last accepted list`,
      ).toEqual(accepted);
    states.push(state);
  });
  return states;
}

/** The rows of a state as a person reads them: text shown (present tense while in progress), and status. */
export function shownRows(state: AnyTodoState): string[] {
  return state.todos.map((row) => `${rowText(row)} [${row.status}]`);
}
