import type { TodoChanges } from './todo-changes.js';
import type { TodoRowStatus, TodoStatus } from './todo-statuses.js';

/** One row of the checklist: a task with a stable key. `Status`: the statuses of the tool's shape. */
export interface TodoRow<Status extends TodoRowStatus = TodoStatus> {
  /**
   * Stable React key, given once: `task:${toolCallId}:${index}` of the call that added the task, from its first
   * character on, and kept by every later call that writes the same text. A task written task by task is
   * `created:${toolCallId}` of the call that made it (`id:${id}` when first seen listed).
   */
  key: string;
  content: string;
  status: Status;
  /** The task's present-tense text, for shapes with an `activeForm` key: what the row shows while it is `in_progress`. */
  activeForm?: string | undefined;
  /** A new task whose text is still being written. */
  streaming: boolean;
  /** What the call on screen did to the task against the plan before it (`removed` only in `TodoState.removed`). */
  change?: keyof TodoChanges | undefined;
  /** The task's id, for tools that write task by task. */
  id?: string | undefined;
  /** Who works on the task, where the tool says. */
  owner?: string | undefined;
  /** The ids of the tasks it waits on; it shows as `blocked` while one of them is unfinished. */
  blockedBy?: readonly string[] | undefined;
}

export type Row = TodoRow<TodoRowStatus>;
