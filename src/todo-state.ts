/** The checklist's state types, and the structural sharing that hands back the last result's objects where values are equal. */
import { countStatuses, type TodoCounts, type TodoRowStatus, type TodoStatus } from './todo.js';
import { statusesOf, type TodoToolShape } from './todo-tool-shape.js';

/** One row of the checklist: a task with a stable key. `Status`: the statuses of the tool's shape. */
export interface TodoRow<Status extends TodoRowStatus = TodoStatus> {
  /** Stable React key: the matching row's of the list before, else `${toolCallId}:${index}`. */
  key: string;
  content: string;
  status: Status;
  /** The task's present-tense text, for shapes with an `activeForm` key: what the row shows while it is `in_progress`. */
  activeForm?: string | undefined;
  /** A new task whose text is still being written. */
  streaming: boolean;
  /**
   * What the call on screen did to the task against the list before: `added`, `started`, `completed`,
   * `reopened`, `cancelled`, or `removed` (only in `TodoState.removed`); `undefined` when it left it as it was.
   */
  change?: 'added' | 'started' | 'completed' | 'reopened' | 'cancelled' | 'removed' | undefined;
}

interface TodoStateBase<Status extends TodoRowStatus> {
  /** The rows, in order. The same array and row objects as the last result when nothing visible changed. */
  todos: readonly TodoRow<Status>[];
  /** Tasks the call on screen dropped (`change: 'removed'`), until the next call; `[]` while a call streams. */
  removed: readonly TodoRow<Status>[];
  /** Rows per status: the three, and `cancelled` for a shape that has it (counted apart from `completed`). */
  counts: [Exclude<Status, TodoStatus>] extends [never]
    ? TodoCounts
    : TodoCounts & Record<Exclude<Status, TodoStatus>, number>;
  /** The list belongs to the conversation's newest call, the chat has not ended, and it is not waiting for review. */
  live: boolean;
  /** The note on the whole plan of the list on screen, for shapes with an `explanation` key (Codex). */
  explanation?: string | undefined;
}

/**
 * What the checklist shows. `phase`: `empty` (no call yet), `streaming` (arguments arriving), `review`
 * (waits for the person's approval), `executing` (input complete, no result yet), `accepted`, or
 * `rejected` (failed, denied or interrupted: the last accepted list is shown).
 */
export type TodoState<Status extends TodoRowStatus = TodoStatus> = TodoStateBase<Status> &
  (
    | { phase: 'empty'; toolCallId?: never; approvalId?: never; error?: never; rejection?: never }
    | {
        phase: 'streaming' | 'executing' | 'accepted';
        /** The call whose list is on screen. */
        toolCallId: string;
        approvalId?: never;
        error?: never;
        rejection?: never;
      }
    | {
        phase: 'review';
        toolCallId: string;
        /** The approval request to answer (`addToolApprovalResponse({ id: approvalId, approved })`). */
        approvalId: string;
        error?: never;
        rejection?: never;
      }
    | {
        phase: 'rejected';
        /** The last accepted call, whose list is back on screen (none when there was none). */
        toolCallId?: string;
        approvalId?: never;
        /** The tool's error text, or the reason the person gave for denying it. */
        error?: string;
        /** `error` (the tool refused it), `denied` (the person did), `interrupted` (it never finished). */
        rejection: 'error' | 'denied' | 'interrupted';
      }
  );

/** A state of any shape: what the views take. */
export type AnyTodoState = TodoState | TodoState<TodoRowStatus>;

export type Row = TodoRow<TodoRowStatus>;
export type AnyState = TodoState<TodoRowStatus>;
export type AnyShape = TodoToolShape<TodoRowStatus>;

// Shared by every selector and handed to callers: frozen, so no caller can change another's rows.
export const NO_ROWS: readonly Row[] = Object.freeze([]);

/** `next` with the row objects (and, when nothing changed, the whole state) of `last` where their values are equal. */
export function share(next: Omit<AnyState, 'counts'>, last: AnyState | undefined, shape: AnyShape): AnyState {
  const todos = shareRows(next.todos, last?.todos);
  const removed = shareRows(next.removed, last?.removed);
  const fields = ['phase', 'toolCallId', 'approvalId', 'error', 'rejection', 'live', 'explanation'] as const;
  if (last && todos === last.todos && removed === last.removed && fields.every((field) => next[field] === last[field]))
    return last;
  const statuses = statusesOf(shape);
  const counted = countStatuses(todos, statuses);
  const lastCounts = last?.counts as Record<string, number> | undefined;
  const counts = lastCounts && statuses.every((each) => counted[each] === lastCounts[each]) ? lastCounts : counted;
  return { ...next, todos, removed, counts } as AnyState;
}

/** The only place old rows are reused: looked up at the same position first, by key when they moved. */
export function shareRows(next: readonly Row[], old: readonly Row[] | undefined): readonly Row[] {
  if (!old || next === old) return next;
  let oldByKey: Map<string, Row> | undefined;
  let isSameList = next.length === old.length;
  const rows = next.map((row, index) => {
    let candidate = old[index];
    if (candidate?.key !== row.key) {
      oldByKey ??= new Map(old.map((each) => [each.key, each]));
      candidate = oldByKey.get(row.key);
    }
    const same =
      candidate !== undefined &&
      candidate.content === row.content &&
      candidate.status === row.status &&
      candidate.activeForm === row.activeForm &&
      candidate.streaming === row.streaming &&
      candidate.change === row.change;
    const kept = same ? candidate! : row;
    if (kept !== old[index]) isSameList = false;
    return kept;
  });
  return isSameList ? old : rows;
}
