/** Every status a task can have, in one table: each helper reads what a status means here. */

/**
 * What each status is, for every reader: its glyph in plain text, its icon and label on a checklist,
 * its Agent Client Protocol status, whether the task is over (`closed`), whether it counts towards
 * progress, and the change a task makes when it enters or leaves it.
 */
export const TODO_STATUSES = {
  pending: { glyph: '[ ]', icon: '○', label: 'Pending', acp: 'pending', closed: false, counted: true },
  in_progress: {
    glyph: '[>]',
    icon: '◐',
    label: 'In progress',
    acp: 'in_progress',
    closed: false,
    counted: true,
    enters: 'started',
    leaves: 'paused',
  },
  completed: {
    glyph: '[x]',
    icon: '✓',
    label: 'Completed',
    acp: 'completed',
    closed: true,
    counted: true,
    enters: 'completed',
  },
  // Will not be done: out of the progress total. ACP has no such status, so it leaves an ACP plan.
  cancelled: {
    glyph: '[-]',
    icon: '✕',
    label: 'Cancelled',
    acp: undefined,
    closed: true,
    counted: false,
    enters: 'cancelled',
  },
  // Waits on something else: still to do, so ACP reads it as pending.
  blocked: {
    glyph: '[!]',
    icon: '⊘',
    label: 'Blocked',
    acp: 'pending',
    closed: false,
    counted: true,
    enters: 'blocked',
    leaves: 'unblocked',
  },
} as const satisfies Record<string, StatusMeaning>;

interface StatusMeaning {
  glyph: string;
  icon: string;
  label: string;
  acp: 'pending' | 'in_progress' | 'completed' | undefined;
  closed: boolean;
  counted: boolean;
  enters?: string;
  leaves?: string;
}

/** Any status a checklist shows: `todo_write`'s three, and `cancelled` and `blocked` that other agents' tools write. */
export type TodoRowStatus = keyof typeof TODO_STATUSES;

/** `pending` | `in_progress` | `completed`: the statuses `todo_write` writes. */
export type TodoStatus = 'pending' | 'in_progress' | 'completed';

/** `todo_write`'s statuses, in the order a task moves through them. */
export const TODO_WRITE_STATUSES: readonly TodoStatus[] = ['pending', 'in_progress', 'completed'];

/** One task of a plan, exactly as the tool wrote it (`Status`: the statuses its tool writes). */
export interface Todo<Status extends TodoRowStatus = TodoStatus> {
  /** What the task is, in the model's words. Never empty, unique within a `todo_write` list (after trimming). */
  content: string;
  /** Where the task stands. */
  status: Status;
}

/**
 * How many tasks are in each status: the three of `todo_write` (all its tool returns to the model), and
 * every other status of a tool that writes one. They always add up to the number of tasks.
 */
export type TodoCounts<Status extends TodoRowStatus = TodoStatus> = Record<TodoStatus | Status, number>;

/**
 * Counts the tasks in each of `todo_write`'s three statuses and each other status of `statuses`; tasks of a status
 * in neither are not counted.
 */
export function countTodos<Status extends TodoRowStatus = TodoStatus>(
  todos: readonly { status: string }[],
  statuses: readonly Status[] = TODO_WRITE_STATUSES as readonly Status[],
): TodoCounts<Status> {
  const counts: Record<string, number> = {};
  for (const status of [...TODO_WRITE_STATUSES, ...statuses]) counts[status] = 0;
  for (const { status } of todos) if (Object.hasOwn(counts, status)) counts[status]! += 1;
  return counts as TodoCounts<Status>;
}

/** The progress a checklist shows: completed tasks out of those that count (a cancelled task will not be done). */
export function progressOf(todos: readonly { status: TodoRowStatus }[]): { completed: number; total: number } {
  let completed = 0;
  let total = 0;
  for (const { status } of todos) {
    if (!TODO_STATUSES[status].counted) continue;
    total += 1;
    if (status === 'completed') completed += 1;
  }
  return { completed, total };
}

/** A task's text on one line, as every reader shows it: trimmed, inner whitespace collapsed to one space. */
export function toOneLine(text: string): string {
  return String(text).trim().replace(/\s+/g, ' ');
}

/** The one way a text is shortened: on one line, at most `maxLength` characters ending in `…`, after a word when one ends in the last third. */
export function cutLine(text: string, maxLength: number): string {
  const line = toOneLine(text);
  if (line.length <= maxLength) return line;
  let end = maxLength - 1;
  const space = line.lastIndexOf(' ', end);
  if (space >= (maxLength * 2) / 3) end = space;
  else if (/[\uD800-\uDBFF]/.test(line.charAt(end - 1))) end -= 1;
  return `${line.slice(0, end).trimEnd()}…`;
}
