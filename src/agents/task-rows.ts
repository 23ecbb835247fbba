/** A plan written task by task: each call of Claude Code's task tools laid over the rows before it. */
import { todoChangeOf } from '../plan/todo-changes.js';
import {
  createdId,
  listedTasks,
  record,
  STORED,
  type TaskToolKind,
  taskId as readId,
  taskIds,
  text,
} from './task-results.js';
import type { TodoRowStatus } from '../plan/todo-statuses.js';
import type { TaskCall } from '../plan/todo-tool-shape.js';
import { freeKey } from '../read/todo-rows.js';
import type { Row } from '../plan/todo-row.js';

/**
 * `before` with one call laid over it, every row marked with what the call did to it (`undefined` when the call
 * leaves the plan as it was). While `isPartial` only the fields written whole count; a create's row grows with it.
 */
export function placeTaskCall(
  kind: TaskToolKind,
  call: TaskCall,
  before: readonly Row[],
  isPartial: boolean,
): { todos: Row[]; removed: Row[] } | undefined {
  const input = record(call.input) ?? {};
  const whole = (key: string): string | undefined =>
    isPartial && lastKey(input) === key ? undefined : text(input[key]);
  let next: Row[];
  let removed: Row[] = [];
  if (kind === 'create') {
    const subject = isPartial ? text(input.subject) : whole('subject');
    if (subject === undefined) return undefined;
    const created: Row = {
      key: freeKey('created', call.toolCallId, before),
      content: subject,
      status: 'pending',
      streaming: isPartial && lastKey(input) === 'subject',
      ...optional('id', createdId(call.output)),
      ...optional('activeForm', whole('activeForm')),
    };
    // While it streams, a create has no id and no blockers, so it changes no other row: those stay as they were.
    if (isPartial) return { todos: [...before.map(unmarked), { ...created, change: 'added' }], removed: [] };
    next = [...before.map((row) => ({ ...row })), created];
  } else if (kind === 'update') {
    // An update shows once it is whole: its fields change one task together.
    if (isPartial) return undefined;
    const taskId = readId(input.taskId);
    const at = before.findIndex((row) => row.id !== undefined && row.id === taskId);
    if (taskId === undefined || at < 0) return undefined;
    const { status } = input;
    next = before.map((row) => ({ ...row }));
    if (status === 'deleted') {
      removed = [{ ...before[at]!, change: 'removed' }];
      next.splice(at, 1);
      for (const row of next)
        if (row.blockedBy?.includes(taskId)) {
          const rest = row.blockedBy.filter((each) => each !== taskId);
          if (rest.length > 0) row.blockedBy = rest;
          else delete row.blockedBy;
        }
    } else {
      const row = next[at]!;
      const subject = whole('subject');
      if (subject !== undefined) row.content = subject;
      const activeForm = whole('activeForm');
      if (activeForm !== undefined) row.activeForm = activeForm;
      const owner = whole('owner');
      if (owner !== undefined) row.owner = owner;
      if (STORED.includes(status as TodoRowStatus)) row.status = status as TodoRowStatus;
      for (const other of taskIds(input.addBlockedBy)) block(row, other);
      for (const other of taskIds(input.addBlocks)) {
        const blocked = next.find((each) => each.id === other);
        if (blocked) block(blocked, taskId);
      }
    }
  } else {
    const tasks = listedTasks(call.output);
    if (tasks === undefined) return undefined;
    const byId = new Map(before.map((row) => [row.id, row]));
    const listed = new Set(tasks.map((task) => task.id));
    next = tasks.map((task) => {
      const known = byId.get(task.id);
      // A text line cannot tell a subject ending in "(…)" from an owner: the task as it was known decides.
      const asKnown = task.written !== undefined && known?.content === task.written;
      return {
        key: known?.key ?? `id:${task.id}`,
        content: asKnown ? known.content : task.subject,
        status: task.status,
        streaming: false,
        id: task.id,
        ...optional('activeForm', known?.activeForm),
        ...optional('owner', asKnown ? known.owner : task.owner),
        ...(task.blockedBy.length > 0 ? { blockedBy: task.blockedBy } : {}),
      };
    });
    removed = before
      .filter((row) => row.id === undefined || !listed.has(row.id))
      .map((row) => ({ ...row, change: 'removed' }));
  }
  // `next` holds copies: the rows before belong to the plan of an earlier call.
  return { todos: markChanges(withBlocked(next), before), removed };
}

/** The row as a later call that leaves it alone shows it: the same object unless it carries an earlier call's mark. */
const unmarked = (row: Row): Row => (row.change === undefined ? row : { ...row, change: undefined });

/** A pending task with an unfinished blocker shows as blocked; one whose blockers all finished, as pending again. */
function withBlocked(rows: Row[]): Row[] {
  const open = new Set(rows.filter((row) => row.status !== 'completed').map((row) => row.id));
  for (const row of rows) {
    const stored = row.status === 'blocked' ? 'pending' : row.status;
    row.status = stored === 'pending' && row.blockedBy?.some((each) => open.has(each)) ? 'blocked' : stored;
  }
  return rows;
}

function markChanges(rows: Row[], before: readonly Row[]): Row[] {
  const byKey = new Map(before.map((row) => [row.key, row]));
  for (const row of rows) {
    const old = byKey.get(row.key);
    row.change = old ? todoChangeOf(old.status, row.status) : 'added';
  }
  return rows;
}

/** `created:` and the call's id; `created2:` and so on when a call of the same id made a task already (ids repeat). */
function block(row: Row, by: string): void {
  if (by === row.id || row.blockedBy?.includes(by)) return;
  row.blockedBy = [...(row.blockedBy ?? []), by];
}

function optional<K extends string>(key: K, value: string | undefined): { [P in K]?: string } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: string };
}

function lastKey(object: Record<string, unknown>): string | undefined {
  let last: string | undefined;
  for (const key in object) last = key;
  return last;
}
