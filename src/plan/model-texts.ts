/** Every text the model reads, in one place: the tool's description, each problem's wording, and why nothing was saved. */
import type { TodoProblem } from './todo-problem.js';
import { cutLine, TODO_WRITE_STATUSES } from './todo-statuses.js';

/** The tool description the model reads (a fixed token cost on every request that offers the tool). */
export const TODO_WRITE_DESCRIPTION =
  'Your task checklist for multi-step work; the user sees it. Each call replaces the whole list: always send every task. ' +
  'Keep it current: at most one task in_progress (the one you are doing), mark each task completed as soon as it is done, ' +
  'add tasks as you discover them. [] clears the list. Skip it for simple one-step requests.';

/** The JSON schema the model reads: the shape alone (the limits come back in a rejection instead of costing every request). */
export const TODO_WRITE_JSON_SCHEMA = {
  type: 'object',
  properties: {
    todos: {
      type: 'array',
      description: 'Every task, in order.',
      items: {
        type: 'object',
        properties: {
          content: { type: 'string', description: 'One short imperative line.' },
          status: { type: 'string', enum: [...TODO_WRITE_STATUSES] },
        },
        required: ['content', 'status'],
        additionalProperties: false,
      },
    },
  },
  required: ['todos'],
  additionalProperties: false,
} as const;

const NOTHING_SAVED = 'Nothing was saved';
const SEND_AGAIN = 'Send the whole list again to retry.';
const MAX_LISTED_PROBLEMS = 20;
const PREAMBLE = `${NOTHING_SAVED}. Fix these problems, then send the whole corrected list again (every task, not only the changed ones):`;
const MAX_ITEMS_PER_PROBLEM = 5;
const MAX_QUOTED_LENGTH = 40;

// Why a call that broke no rule was not saved, each as the model reads it: one constant each, so a bundle keeps
// only the texts its code can throw.
export const NOT_SAVED_NO_CONVERSATION =
  `${NOTHING_SAVED}: todo_write was called without a toolCallId, so no conversation owns the list. ` +
  'Register it as a tool of streamText, generateText or an agent and let the model call it.';
export const NOT_SAVED_INTERRUPTED = `${NOTHING_SAVED}: the request was stopped before the list was stored. ${SEND_AGAIN}`;
export const NOT_SAVED_NOT_STORED = `${NOTHING_SAVED}: the list passed every check, but storing it failed on the server. ${SEND_AGAIN}`;
export const NOT_SAVED_SUPERSEDED = `${NOTHING_SAVED}: the user sent a new message instead of approving this list.`;

/** The model's text for a call with `problems`: nothing was saved, each problem, resend the list. */
export function rejectionMessage(problems: readonly TodoProblem[], edited: boolean): string {
  const lines = problems.slice(0, MAX_LISTED_PROBLEMS).map((problem) => problem.message);
  const unlisted = problems.length - lines.length;
  if (unlisted > 0) lines.push(`...and ${unlisted} more ${unlisted === 1 ? 'problem' : 'problems'}.`);
  const message = [PREAMBLE, ...lines].join('\n- ');
  return edited ? `The user's edit of your list broke the rules, so neither list was saved.\n${message}` : message;
}

/** The model's text when the person sends the plan back: their reason and what to do next. */
export function denialMessage(reason: string | undefined): string {
  const said = reason?.trim();
  return said
    ? `${NOTHING_SAVED}: the user asked for changes: ${said}\nSend the whole revised list.`
    : `${NOTHING_SAVED}: the user did not approve this list. Ask what should change, then send the whole revised list.`;
}

/** Whether a denial's reason is already {@link denialMessage}'s (rewriting is idempotent). */
export function isDenialMessage(reason: string): boolean {
  return reason.startsWith(`${NOTHING_SAVED}: the user`);
}

/** One problem, as the model (and the checklist's notice) words it; `list` is the task array it was found in. */
export function describeTodoProblem(problem: TodoProblem, list: readonly unknown[]): string {
  switch (problem.code) {
    case 'not-a-list':
      return problem.received === 'unparsable'
        ? `"todos" is a string that does not parse as a JSON array; send ${ARRAY_EXPECTED}`
        : problem.at === 'input'
          ? `The input is ${problem.received}; it must be an object { todos: [{ content, status }] }.`
          : `"todos" is ${problem.received}; it must be ${ARRAY_EXPECTED}`;
    case 'too-many':
      return `The list has ${problem.count} tasks; at most ${problem.maximum} are allowed. Merge small steps or drop detail.`;
    case 'not-an-object':
      return `Item ${nameItem(list, problem.item)} is ${describeValue(list[problem.item])}, not an object { content, status }.`;
    case 'no-content':
      return `Item ${nameItem(list, problem.item)} has no content: it must be a string.`;
    case 'empty':
      return `Item ${nameItem(list, problem.item)} has empty content.`;
    case 'too-long':
      return `Item ${nameItem(list, problem.item)} is ${problem.length} characters long; at most ${problem.maximum} are allowed.`;
    case 'bad-status': {
      const sent = (list[problem.item] as { status?: unknown }).status;
      const received =
        sent === undefined
          ? 'no status'
          : typeof sent === 'string'
            ? `status ${quote(sent)}`
            : `${describeValue(sent)} as status`;
      return `Item ${nameItem(list, problem.item)} has ${received}; use ${orList(TODO_WRITE_STATUSES)}.`;
    }
    case 'duplicate':
      return `${listItems(problem.items.map((index) => index + 1))} have the same content (${quote(problem.text)}); make each task distinct.`;
    case 'in-progress': {
      const named = problem.items.map((index) => nameItem(list, index));
      return `${listItems(named)} are ${named.length === 2 ? 'both' : 'all'} in_progress; at most one task may be in_progress at a time.`;
    }
  }
}

const ARRAY_EXPECTED = 'an array of { content, status } (send [] to clear the list).';

/** `3`, or `3 ("Run the build")` once the task has text: the task at `index` (0-based) of `list`. */
function nameItem(list: readonly unknown[], index: number): string {
  const content = (list[index] as { content?: unknown } | null | undefined)?.content;
  const text = typeof content === 'string' ? content.trim() : '';
  return text ? `${index + 1} (${quote(text)})` : `${index + 1}`;
}

/** "Items 2 and 5", "Items 1, 4 and 6", "Items 1, 2, 3, 4, 5 and 7 more". */
function listItems(items: readonly (number | string)[]): string {
  const named = items.slice(0, MAX_ITEMS_PER_PROBLEM);
  const rest = items.length - named.length;
  const last = rest > 0 ? `${rest} more` : named.pop();
  return `Items ${named.join(', ')} and ${last}`;
}

function orList(words: readonly string[]): string {
  return `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

/** The start of a task's text, one line, in double quotes. */
function quote(text: string): string {
  return JSON.stringify(cutLine(text, MAX_QUOTED_LENGTH));
}

/** "a string", "a number", "null", "missing", "an array". */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  const type = Array.isArray(value) ? 'array' : typeof value;
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
}
