/**
 * The vocabulary of the checklist: what a selector returns and what a call changed.
 */
import type { TodoChanges } from './diff-todos.js';
import type { TodoRow } from './place-todos.js';
import type { TodoCounts } from './todo.js';

/**
 * Where the call on screen stands:
 * `empty` (no call yet), `streaming` (arguments arriving), `executing` (input complete, no result yet,
 * including the approval states), `accepted` (the tool returned), `rejected` (the call failed,
 * was denied or was interrupted; the last accepted list is shown).
 */
export type TodoPhase = 'empty' | 'streaming' | 'review' | 'executing' | 'accepted' | 'rejected';

/** Why a call did not replace the list: `output-error`, `output-denied`, or a stream that ended mid-call. */
export type TodoRejection = 'error' | 'denied' | 'interrupted';

interface TodoStateBase {
  /** The rows, in order. The same array and row objects as the last result when nothing visible changed. */
  todos: readonly TodoRow[];
  /** Tasks the call on screen dropped (`change: 'removed'`), until the next call; `[]` while a call streams. */
  removed: readonly TodoRow[];
  /** Rows per status, over `todos`. */
  counts: TodoCounts;
  /**
   * The list belongs to the conversation's newest call and the chat has not ended (`status` is not
   * `'ready'` or `'error'`): the agent may still be working on it.
   */
  live: boolean;
}

/** What the checklist shows. */
export type TodoState = TodoStateBase &
  (
    | { phase: 'empty'; toolCallId?: never; approvalId?: never; error?: never; rejection?: never }
    | {
        phase: 'review';
        /** The call whose proposed list waits for the person. */
        toolCallId: string;
        /** The pending approval's id, for `addToolApprovalResponse({ id, approved, reason })`. */
        approvalId: string;
        error?: never;
        rejection?: never;
      }
    | {
        phase: 'streaming' | 'executing' | 'accepted';
        /** The call whose list is on screen. */
        toolCallId: string;
        approvalId?: never;
        error?: never;
        rejection?: never;
      }
    | {
        phase: 'rejected';
        approvalId?: never;
        /** The last accepted call, whose list is back on screen (none when there was none). */
        toolCallId?: string;
        /** The call's `errorText` (or the denial reason). */
        error?: string;
        rejection: TodoRejection;
      }
  );

/**
 * What the call on screen did, as lists of rows (the same comparison as `diffTodos`, read off the
 * rows' `change` and `removed`): for announcements, summaries and logs.
 */
export function todoChangesOf(state: Pick<TodoState, 'todos' | 'removed'>): TodoChanges<TodoRow> {
  const changes: TodoChanges<TodoRow> = {
    added: [],
    removed: [...state.removed],
    started: [],
    completed: [],
    reopened: [],
  };
  for (const row of state.todos) if (row.change && row.change !== 'removed') changes[row.change].push(row);
  return changes;
}
