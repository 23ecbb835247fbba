/** What a checklist shows for one call: the state's types, and `stateOf`, the state from the call and the plan before it (pure). */
import type { ChatStatus } from 'ai';
import type { TODO_REJECTIONS } from '../plan/todo-rejections.js';
import type { TodoCounts, TodoRowStatus, TodoStatus } from '../plan/todo-statuses.js';
import type { BoundShape, TodoWriteSettings } from '../plan/todo-tool-shape.js';
import { parseTodos, readPlanNote } from '../plan/parse-todos.js';
import { ruleOnTodos } from '../plan/todo-rules.js';
import type { TodoProblem } from '../plan/todo-problem.js';
import { callOutcome, isCallOver, type TodoCall } from './todo-calls.js';
import { createRowPlacer, NO_ROWS, type RowPlacer } from './todo-rows.js';
import type { Row, TodoRow } from '../plan/todo-row.js';

/**
 * What the checklist shows. `phase`: `empty` (no call yet), `streaming` (arguments arriving), `review` (waits for the
 * person's approval), `executing` (input complete, no result yet), `accepted`, or `rejected` (refused, sent back or
 * interrupted: the last accepted plan is shown).
 */
export type TodoState<Status extends TodoRowStatus = TodoStatus> = {
  /** The rows, in order. The same array and row objects as the last result when nothing visible changed. */
  todos: readonly TodoRow<Status>[];
  /** Tasks the call on screen dropped (`change: 'removed'`), until the next call; `[]` while a call streams. */
  removed: readonly TodoRow<Status>[];
  /** Rows per status: `todo_write`'s three, and every other status the tool's shape has. */
  counts: TodoCounts<Status>;
  /** The list belongs to the conversation's newest call, the chat has not ended, and it is not waiting for review. */
  live: boolean;
  /** The note on the whole plan of the list on screen, for shapes with an `explanation` key (Codex). */
  explanation?: string | undefined;
  /**
   * The main plan's newest state only, when subagents plan too: each one's key for the `agent` option, in order
   * (the id of the call that handed it the work, where the conversation tells).
   */
  agents?: readonly string[] | undefined;
} & (
  | {
      phase: 'empty';
      toolCallId?: never;
      edited?: never;
      approvalId?: never;
      limits?: never;
      rejection?: never;
      error?: never;
      problems?: never;
    }
  | {
      phase: 'streaming' | 'executing' | 'accepted';
      /** The call whose list is on screen. */
      toolCallId: string;
      /** `accepted` only: the list is the person's edit of the model's (approved with an edit). */
      edited?: true | undefined;
      approvalId?: never;
      limits?: never;
      rejection?: never;
      error?: never;
      problems?: never;
    }
  | {
      phase: 'review';
      toolCallId: string;
      edited?: never;
      /** The approval request to answer (`addToolApprovalResponse({ id: approvalId, approved })`). */
      approvalId: string;
      /** The limits an edited plan is held to (`todo_write`'s settings); unset for another agent's tool, whose plan is not edited. */
      limits?: Required<Pick<TodoWriteSettings, 'maxTodos' | 'maxContentLength'>> | undefined;
      rejection?: never;
      error?: never;
      problems?: never;
    }
  | {
      phase: 'rejected';
      /** The last accepted call, whose plan is back on screen (none when there was none). */
      toolCallId?: string;
      edited?: never;
      approvalId?: never;
      limits?: never;
      rejection: keyof typeof TODO_REJECTIONS;
      /** The tool's error text (`error`), or the person's reason (`denied`). */
      error?: string;
      /** `todo_write` refused the list: every rule it breaks, as the model read them. */
      problems?: readonly TodoProblem[];
    }
);

export type StateOfAnyShape = TodoState<TodoRowStatus>;

/** A state of any shape's statuses (`todo_write`'s three, and `cancelled`, `blocked` or both): what components take. */
export type AnyTodoState =
  | TodoState
  | TodoState<TodoStatus | 'cancelled'>
  | TodoState<TodoStatus | 'blocked'>
  | TodoState<TodoRowStatus>;
/** A state without the parts every result shares, and without `agents`: the reading sets them on every result. */
export type UnsharedState = Omit<StateOfAnyShape, 'counts' | 'live' | 'agents'>;

export const EMPTY: UnsharedState = Object.freeze({ phase: 'empty', todos: NO_ROWS, removed: NO_ROWS });

/** The plan an accepted call left, as it showed it: its rows with what it changed, and the rows it dropped. */
export interface Plan {
  call: TodoCall;
  rows: readonly Row[];
  removed: readonly Row[];
  note: string | undefined;
}

/**
 * A call's rows laid over the rows before it, each marked with what the call did; `undefined` when it writes none.
 * `placer`: the caller's, to reuse what the last placement of the same call settled.
 */
export function placeCall(
  call: TodoCall,
  before: readonly Row[],
  isPartial: boolean,
  placer: RowPlacer = createRowPlacer(),
): { todos: Row[]; removed: Row[] } | undefined {
  const { tool } = call;
  if (tool.kind !== 'plan') return tool.place(call, before, isPartial);
  const items = parseTodos(call.input, isPartial, tool.keys, placer.items);
  return items && placer.place(items, before, call.toolCallId, isPartial);
}

/**
 * The plan an accepted call wrote, laid over `before` (for a whole-plan tool only its tasks and statuses count, so
 * its own marks never reach further back); a call that writes no rows leaves `before` as it was.
 */
export function planOf(call: TodoCall, before: Plan | undefined): Plan {
  const placed = placeCall(call, before?.rows ?? NO_ROWS, false);
  if (!placed) return before ? { ...before, call } : { call, rows: NO_ROWS, removed: NO_ROWS, note: undefined };
  return {
    call,
    rows: placed.todos,
    removed: placed.removed,
    note: readPlanNote(call.input, false, call.tool.keys?.explanation),
  };
}

const KNOWN_STATES = [
  'input-streaming',
  'input-available',
  'approval-requested',
  'approval-responded',
  'output-available',
  'output-error',
  'output-denied',
];

/** `{ explanation }` when there is one, so states of shapes without one keep their keys. */
function withNote(note: string | undefined): { explanation?: string } {
  return note === undefined ? {} : { explanation: note };
}

/**
 * The state of one call from the plan before it, whether a later call or message follows it, and the chat's status.
 * Pure: `placer` (the caller's) only saves work between deltas of the same call.
 */
export function stateOf(
  call: TodoCall,
  before: Plan | undefined,
  isSuperseded: boolean,
  status: ChatStatus | undefined,
  reader: BoundShape,
  placer?: RowPlacer,
): UnsharedState {
  const { toolCallId, input, tool } = call;
  const beforeRows = before?.rows ?? NO_ROWS;
  const shown = (): UnsharedState =>
    before
      ? {
          phase: 'accepted',
          toolCallId: before.call.toolCallId,
          todos: beforeRows,
          removed: NO_ROWS,
          ...withNote(before.note),
        }
      : EMPTY;
  const rejected = (
    rejection: keyof typeof TODO_REJECTIONS,
    detail: Partial<Pick<UnsharedState, 'error' | 'problems'>> = {},
  ) =>
    ({
      phase: 'rejected',
      ...(before ? { toolCallId: before.call.toolCallId } : {}),
      todos: beforeRows,
      removed: NO_ROWS,
      rejection,
      ...detail,
      ...withNote(before?.note),
    }) as UnsharedState;
  const proposed = (isPartial: boolean) => ({
    ...(placeCall(call, beforeRows, isPartial, placer) ?? { todos: beforeRows, removed: NO_ROWS }),
    ...withNote(readPlanNote(input, isPartial, tool.keys?.explanation) ?? (isPartial ? before?.note : undefined)),
  });
  if (!KNOWN_STATES.includes(call.state)) return shown();
  const outcome = callOutcome(call);
  if (outcome === 'accepted') {
    const { rows, removed, note } = planOf(call, before);
    return {
      phase: 'accepted',
      toolCallId,
      todos: rows,
      removed: rows === beforeRows ? NO_ROWS : removed,
      ...withNote(note),
      ...(call.edited ? { edited: true } : {}),
    };
  }
  if (outcome === 'refused') return rejected('error', refusalOf(call, reader));
  if (outcome === 'denied') return rejected('denied', call.reason?.trim() ? { error: call.reason } : {});
  if (isCallOver(call, isSuperseded, status)) return rejected('interrupted');
  if (call.state === 'input-streaming') return { phase: 'streaming', toolCallId, ...proposed(true) };
  if (call.state === 'approval-requested')
    return {
      phase: 'review',
      toolCallId,
      approvalId: call.approvalId ?? '',
      ...(reader.limits ? { limits: reader.limits } : {}),
      ...proposed(false),
    };
  return { phase: 'executing', toolCallId, ...proposed(false) };
}

/** What a refused call says: `todo_write`'s rules found again in its input, else the tool's own text. */
function refusalOf(call: TodoCall, reader: BoundShape): { error?: string; problems?: TodoProblem[] } {
  const text = call.state === 'output-error' ? call.errorText : call.tool.refusal(call.output);
  const error = text?.replace(/^\s*Error:\s*/, '') || undefined;
  if (reader.limits) {
    const { problems } = ruleOnTodos(call.input, reader.limits);
    if (problems.length > 0) return { ...(error === undefined ? {} : { error }), problems };
  }
  return error === undefined ? {} : { error };
}
