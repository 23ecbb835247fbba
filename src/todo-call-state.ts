/** One call as a reading found it: the checks a kept record must pass, and `stateOf`, its state (pure). */
import { parseTodos, readTodoArray, readTodoExplanation } from './parse-todos.js';
import { placeTodoRows } from './place-todo-rows.js';
import { type ChatStatus, isCallOver, type PartLike, type TodoCall, type TodoCallOutcome } from './read-todo-calls.js';
import { type AnyShape, type AnyState, NO_ROWS, type Row } from './todo-state.js';

/** A call as one reading found it, with the accepted list it was laid over. */
export interface CallRecord {
  call: TodoCall;
  outcome: TodoCallOutcome;
  before: Accepted | undefined;
  /** In an earlier message than the last one, or a later call follows it. */
  isSuperseded: boolean;
  hasLaterCall: boolean;
  accepted?: Accepted;
}

/** An accepted call's rows, with the fields of its input they were read from (to check a reuse against). */
export interface Accepted {
  todos: readonly Row[];
  removed: readonly Row[];
  toolCallId: string;
  before: Accepted | undefined;
  fields: readonly unknown[] | undefined;
  explanation: string | undefined;
}

/** Whether `part` still reads as `call`: every field a finished call's state depends on, but its input. */
export function isSameCall(call: TodoCall, part: PartLike): boolean {
  const approval = typeof part.approval === 'object' && part.approval !== null ? part.approval : undefined;
  return (
    call.state === part.state &&
    call.toolCallId === part.toolCallId &&
    call.preliminary === (part.preliminary === true) &&
    isSameOutput(call.output, part.output) &&
    call.errorText === (typeof part.errorText === 'string' ? part.errorText : undefined) &&
    call.denialReason === (typeof approval?.reason === 'string' ? approval.reason : undefined) &&
    call.approved === (typeof approval?.approved === 'boolean' ? approval.approved : undefined)
  );
}

/** Equal outputs: the same value, or flat objects with the same primitive fields (a deep copy of the tool's counts). */
function isSameOutput(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => {
    const value = (a as Record<string, unknown>)[key];
    return (typeof value !== 'object' || value === null) && value === (b as Record<string, unknown>)[key];
  });
}

/** The keys of an item that its row is read from. */
function itemKeys(shape: AnyShape): string[] {
  const keys = [shape.text, shape.status ?? 'status'];
  if (shape.activeForm !== undefined) keys.push(shape.activeForm);
  return keys;
}

/** The fields of an input's items that rows are read from, in order. */
function fieldsOf(input: unknown, shape: AnyShape): unknown[] | undefined {
  const array = readTodoArray(input, shape);
  if (!array) return undefined;
  const keys = itemKeys(shape);
  const fields: unknown[] = [];
  for (const item of array) {
    const record = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : undefined;
    for (const key of keys) fields.push(record?.[key]);
  }
  return fields;
}

/** Whether `input` still holds what `accepted` was read from (an input edited in place or a reused id does not). */
export function isSameInput(accepted: Accepted, input: unknown, shape: AnyShape): boolean {
  const array = readTodoArray(input, shape);
  const { fields } = accepted;
  if (!array || !fields) return array === undefined && fields === undefined;
  const keys = itemKeys(shape);
  if (array.length * keys.length !== fields.length) return false;
  if (readTodoExplanation(input, false, shape) !== accepted.explanation) return false;
  for (let at = 0; at < array.length; at++) {
    const item = array[at];
    const record = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : undefined;
    for (let field = 0; field < keys.length; field++)
      if (record?.[keys[field]!] !== fields[at * keys.length + field]) return false;
  }
  return true;
}

export function accept(call: TodoCall, before: Accepted | undefined, shape: AnyShape): Accepted {
  const items = parseTodos(call.input, false, shape);
  const fields = fieldsOf(call.input, shape);
  const { toolCallId } = call;
  // An accepted call with no task array (stored by another tool) leaves the list as it was.
  if (!items)
    return {
      todos: before?.todos ?? NO_ROWS,
      removed: before?.removed ?? NO_ROWS,
      toolCallId,
      before,
      fields,
      explanation: before?.explanation,
    };
  const explanation = readTodoExplanation(call.input, false, shape);
  return {
    ...placeTodoRows(items, before?.todos ?? NO_ROWS, toolCallId, false),
    toolCallId,
    before,
    fields,
    explanation,
  };
}

/** `{ explanation }` when there is one, so states of shapes without one keep their keys. */
export function withExplanation(explanation: string | undefined): { explanation?: string } {
  return explanation === undefined ? {} : { explanation };
}

export type UnsharedState = Omit<AnyState, 'counts' | 'live'>;
export const EMPTY: UnsharedState = Object.freeze({ phase: 'empty', todos: NO_ROWS, removed: NO_ROWS });
const KNOWN_STATES = [
  'input-streaming',
  'input-available',
  'approval-requested',
  'approval-responded',
  'output-available',
];

/** The state of one call, from the list before it, the call, and the chat's status. Pure. */
export function stateOf(record: CallRecord, status: ChatStatus | undefined, shape: AnyShape): UnsharedState {
  const { call, before, accepted, outcome } = record;
  const { toolCallId, input } = call;
  const rejected = (rejection: 'error' | 'denied' | 'interrupted', error?: string): UnsharedState => ({
    phase: 'rejected',
    todos: before?.todos ?? NO_ROWS,
    removed: before?.removed ?? NO_ROWS,
    toolCallId: before?.toolCallId,
    rejection,
    ...(error === undefined ? {} : { error }),
    ...withExplanation(before?.explanation),
  });
  const proposed = (isPartial: boolean) => ({
    ...placeTodoRows(parseTodos(input, isPartial, shape) ?? [], before?.todos ?? NO_ROWS, toolCallId, isPartial),
    ...withExplanation(readTodoExplanation(input, isPartial, shape) ?? (isPartial ? before?.explanation : undefined)),
  });
  if (accepted)
    return {
      phase: 'accepted',
      toolCallId,
      todos: accepted.todos,
      removed: accepted.removed,
      ...withExplanation(accepted.explanation),
    };
  if (outcome === 'rejected')
    return rejected('error', call.errorText ?? (typeof call.output === 'string' ? call.output : undefined));
  if (outcome === 'denied') return rejected('denied', call.denialReason?.trim() ? call.denialReason : undefined);
  if (!KNOWN_STATES.includes(call.state))
    return before
      ? {
          phase: 'accepted',
          toolCallId: before.toolCallId,
          todos: before.todos,
          removed: before.removed,
          ...withExplanation(before.explanation),
        }
      : EMPTY;
  if (isCallOver(call, record.isSuperseded, status)) return rejected('interrupted');
  if (call.state === 'input-streaming') return { phase: 'streaming', toolCallId, ...proposed(true) };
  if (call.state === 'approval-requested')
    return { phase: 'review', toolCallId, approvalId: call.approvalId ?? '', ...proposed(false) };
  return { phase: 'executing', toolCallId, ...proposed(false) };
}
