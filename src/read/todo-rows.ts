/** A call's tasks laid over the plan before it: each row's key, what changed, which rows are still to come. */
import { todoChangeOf, type TodoChangeKind } from '../plan/todo-changes.js';
import { matchTodoTexts } from '../plan/match-todo-texts.js';
import type { ParsedTodo } from '../plan/parse-todos.js';
import type { TodoRowStatus, TodoStatus } from '../plan/todo-statuses.js';

/** One row of the checklist: a task with a stable key. `Status`: the statuses of the tool's shape. */
export interface TodoRow<Status extends TodoRowStatus = TodoStatus> {
  /**
   * Stable React key: `task:` and the trimmed text (`task2:` for its second copy, and so on), so a task keeps its
   * row from call to call; a new task whose text is still being written is `new:${toolCallId}:${index}` until whole.
   * A task written task by task is `created:${toolCallId}` of the call that made it (`id:${id}` when first seen listed).
   */
  key: string;
  content: string;
  status: Status;
  /** The task's present-tense text, for shapes with an `activeForm` key: what the row shows while it is `in_progress`. */
  activeForm?: string | undefined;
  /** A new task whose text is still being written. */
  streaming: boolean;
  /** What the call on screen did to the task against the plan before it (`removed` only in `TodoState.removed`). */
  change?: TodoChangeKind | undefined;
  /** The task's id, for tools that write task by task. */
  id?: string | undefined;
  /** Who works on the task, where the tool says. */
  owner?: string | undefined;
  /** The ids of the tasks it waits on; it shows as `blocked` while one of them is unfinished. */
  blockedBy?: readonly string[] | undefined;
}

export type Row = TodoRow<TodoRowStatus>;

// Shared by every selector and handed to callers: frozen, so no caller can change another's rows.
export const NO_ROWS: readonly Row[] = Object.freeze([]);

/** The key of a task known by `text`, counting the copies of it already keyed in `seen`. */
function taskKey(text: string, seen: Map<string, number>): string {
  const copy = (seen.get(text) ?? 0) + 1;
  seen.set(text, copy);
  return copy === 1 ? `task:${text}` : `task${copy}:${text}`;
}

function row(item: ParsedTodo, key: string, status: TodoRowStatus, change: TodoChangeKind | undefined): Row {
  const { content, activeForm } = item;
  return activeForm === undefined
    ? { key, content, status, streaming: false, change }
    : { key, content, status, activeForm, streaming: false, change };
}

/** The plan an accepted call wrote, as the rows the next call is laid over (no changes marked). */
export function planRows(items: readonly ParsedTodo[]): Row[] {
  const seen = new Map<string, number>();
  return items.map((item) => row(item, taskKey(item.text, seen), item.status ?? 'pending', undefined));
}

/**
 * A call's tasks over the plan before it: a task matched by text keeps the old row's status (and present tense)
 * until its own arrives whole; while `isPartial`, the old rows not matched yet follow as they were (the list never
 * shrinks mid-call), and a growing last task that could still become one of them waits. Once the call is whole the
 * rows it dropped are `removed`.
 */
export function placeRows(
  items: readonly ParsedTodo[],
  before: readonly Row[],
  toolCallId: string,
  isPartial: boolean,
): { todos: Row[]; removed: Row[] } {
  const last = items.at(-1);
  const growing = isPartial && last?.isGrowing ? last : undefined;
  const settled = growing ? items.slice(0, -1) : items;
  const matches = matchTodoTexts(
    before.map((old) => old.content),
    settled.map((item) => item.text),
  );
  const claimed = new Set(matches);
  const seen = new Map<string, number>();
  const todos: Row[] = settled.map((item, at) => {
    const key = taskKey(item.text, seen);
    const position = matches[at];
    if (position === undefined) return row(item, key, item.status ?? 'pending', 'added');
    const old = before[position]!;
    const status = item.status ?? (isPartial ? old.status : 'pending');
    const kept = isPartial && item.activeForm === undefined ? { ...item, activeForm: old.activeForm } : item;
    return row(kept, key, status, todoChangeOf(old.status, status));
  });
  // A growing last task that starts an unmatched old task waits, so a re-sent task is never retyped.
  const hides =
    growing && before.some((old, position) => !claimed.has(position) && old.content.trim().startsWith(growing.text));
  if (growing && !hides)
    todos.push({
      ...row(growing, `new:${toolCallId}:${settled.length}`, growing.status ?? 'pending', 'added'),
      streaming: true,
    });
  const removed: Row[] = [];
  before.forEach((old, position) => {
    if (claimed.has(position)) return;
    if (isPartial) todos.push(old);
    else removed.push({ ...old, change: 'removed' });
  });
  return { todos, removed };
}

/** The only place old rows are reused: looked up at the same position first, by key when they moved. */
export function shareRows(next: readonly Row[], old: readonly Row[] | undefined): readonly Row[] {
  if (!old || next === old) return next;
  let oldByKey: Map<string, Row> | undefined;
  let isSameList = next.length === old.length;
  const rows = next.map((candidate, index) => {
    let kept = old[index];
    if (kept?.key !== candidate.key) {
      oldByKey ??= new Map(old.map((each) => [each.key, each]));
      kept = oldByKey.get(candidate.key);
    }
    const same =
      kept !== undefined &&
      kept.content === candidate.content &&
      kept.status === candidate.status &&
      kept.activeForm === candidate.activeForm &&
      kept.streaming === candidate.streaming &&
      kept.change === candidate.change &&
      kept.id === candidate.id &&
      kept.owner === candidate.owner &&
      String(kept.blockedBy) === String(candidate.blockedBy);
    const result = same ? kept! : candidate;
    if (result !== old[index]) isSameList = false;
    return result;
  });
  return isSameList ? old : rows;
}
