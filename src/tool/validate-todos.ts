/** `validateTodos`: the tool's rules as a function, with each problem in the words the model reads. */
import { resolveTodoLimits, type TodoLimits, type TodoWriteSettings } from '../plan/todo-tool-shape.js';
import type { Todo } from '../plan/todo-statuses.js';
import { rejectionMessage } from '../plan/model-texts.js';
import { ruleOnTodos } from '../plan/todo-rules.js';
import type { TodoProblem } from '../plan/todo-problem.js';

/**
 * Checks a `todo_write` input (`{ todos }` or the array, either maybe a JSON string) against the tool's rules and the
 * limits of `settings` (default 50 tasks of 200 characters), naming every problem by item number; fields other than `content` and `status` are dropped. Never throws.
 * Returns the clean list, or every problem in the order the model reads them and `message`, the whole text the model
 * reads (nothing was saved, the problems, resend the list).
 */
export function validateTodos(
  input: unknown,
  settings: TodoWriteSettings = {},
):
  | { valid: true; todos: Todo[]; problems?: never; message?: never }
  | { valid: false; todos?: never; problems: TodoProblem[]; message: string } {
  return validateWith(input, resolveTodoLimits(settings, 'validateTodos'), false);
}

/** {@link validateTodos} with limits already checked; `edited` when the list is the person's edit. */
export function validateWith(input: unknown, limits: TodoLimits, edited: boolean): ReturnType<typeof validateTodos> {
  const { problems, todos } = ruleOnTodos(input, limits);
  if (todos) return { valid: true, todos };
  return { valid: false, problems, message: rejectionMessage(problems, edited) };
}
