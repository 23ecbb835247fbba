/** The `todo_write` input as a zod schema, for your own checks: its shape in zod, its rules from the tool's own function. */
import { z } from 'zod/v4';
import { resolveTodoLimits, type TodoLimits, type TodoWriteSettings } from '../plan/todo-tool-shape.js';
import { TODO_WRITE_STATUSES, type TodoStatus } from '../plan/todo-statuses.js';
import { TODO_WRITE_JSON_SCHEMA } from '../plan/model-texts.js';
import { ruleOnTodos } from '../plan/todo-rules.js';

/** The zod schema of a whole `todo_write` input: `{ todos: [{ content, status }] }`; unknown keys are stripped. */
export type TodoWriteInputSchema = z.ZodObject<{
  todos: z.ZodArray<z.ZodObject<{ content: z.ZodString; status: z.ZodEnum<{ [S in TodoStatus]: S }> }>>;
}>;

type TodoSchema = TodoWriteInputSchema['shape']['todos']['element'];

const { todos: TODOS_FIELD } = TODO_WRITE_JSON_SCHEMA.properties;

function buildSchema(limits: TodoLimits): TodoWriteInputSchema {
  const todo: TodoSchema = z.object({
    content: z.string().describe(TODOS_FIELD.items.properties.content.description),
    status: z.enum(TODO_WRITE_STATUSES as [TodoStatus, ...TodoStatus[]]) as TodoSchema['shape']['status'],
  });
  // The rules run whenever the list is an array, even when a task failed its shape, so one parse reports every
  // problem; shape problems are zod's own issues, the rest carry the line the model reads.
  const rules: z.core.$ZodCheck<unknown[]> = new z.core.$ZodCheck({
    check: 'custom',
    when: (payload) => Array.isArray(payload.value),
  });
  rules._zod.check = (payload: z.core.ParsePayload<unknown[]>) => {
    const list = payload.value;
    for (const problem of ruleOnTodos(list, limits).problems) {
      const { code } = problem;
      if (code === 'not-a-list' || code === 'not-an-object' || code === 'no-content' || code === 'bad-status') continue;
      const path = 'item' in problem ? [problem.item, 'content'] : [];
      const size =
        code === 'too-many' || code === 'too-long'
          ? { code: 'too_big', origin: code === 'too-many' ? 'array' : 'string', maximum: problem.maximum }
          : { code: 'custom', params: { rule: code } };
      payload.issues.push({ ...size, message: problem.message, input: list, path } as z.core.$ZodRawIssue);
    }
  };
  return z.object({ todos: z.array(todo).check(rules).describe(TODOS_FIELD.description) });
}

/**
 * The `todo_write` input with the default limits: `{ todos }`, each task a `{ content, status }`, non-empty content
 * (after trimming) of at most 200 characters, no two tasks with the same content, at most one `in_progress`, at
 * most 50 tasks. `safeParse` reports every problem: a task's shape with zod's own issues at its path, each rule with
 * the line the model reads as `message` (a length as `too_big`, any other as `custom` with `params.rule`).
 */
export const todoWriteInputSchema: TodoWriteInputSchema = /* @__PURE__ */ buildSchema(resolveTodoLimits({}, 'schema'));

/**
 * The schema for other limits (`createTodoWrite`'s settings), e.g. to check stored lists the way that tool does.
 * Throws a `RangeError` for a limit that is not a positive integer.
 */
export function createTodoWriteInputSchema(settings: TodoWriteSettings = {}): TodoWriteInputSchema {
  return buildSchema(resolveTodoLimits(settings, 'createTodoWriteInputSchema'));
}
