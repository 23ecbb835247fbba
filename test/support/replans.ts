/**
 * A seeded generator of the todo lists coding agents write, replanned call after call, and the
 * snapshots a chat client derives while each call streams: JSON.stringify of the input cut in
 * 3-5 character deltas, the SDK's `parsePartialJson` of the accumulated text per delta, and UI
 * messages with the earlier calls accepted and the streaming call `input-streaming`.
 */
import { parsePartialJson, type UIMessage } from 'ai';
import { seededRandom } from '../../src/testing/seeded-random.js';
import type { Todo, TodoStatus } from '../../src/index.js';

type Random = () => number;
const pick = <T>(random: Random, values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
const between = (random: Random, min: number, max: number): number => min + Math.floor(random() * (max - min + 1));

/**
 * Tasks of one project, worded as coding agents word them: a few first words over and over
 * ("Implement ", "Add a migration for the ", "Write tests for the ", "Update src/api/"), so most
 * lists hold several tasks that share their first words.
 */
const PROJECTS: ReadonlyArray<readonly string[]> = [
  [
    'Implement database configuration in settings.py',
    'Implement SQLAlchemy base model and database session',
    'Implement the User model with password hashing',
    'Implement the registration endpoint',
    'Implement the login endpoint with JWT tokens',
    'Implement the logout endpoint',
    'Implement JWT authentication middleware',
    'Add a migration for the users table',
    'Add a migration for the sessions table',
    'Add rate limiting to the public API',
    'Add pagination to the /items endpoint',
    'Add input validation with Pydantic schemas',
    'Update src/api/users.py to validate emails',
    'Update src/api/auth.py to issue refresh tokens',
    'Update the README with setup instructions',
    'Update the OpenAPI schema for the auth endpoints',
    'Write tests for the registration endpoint',
    'Write tests for the login endpoint',
    'Write tests for the JWT middleware',
    'Write tests for the users table migration',
    'Run the test suite and fix failures',
    'Run mypy and fix type errors',
  ],
  [
    'Create the SettingsPage component',
    'Create the ThemeProvider context',
    'Create the useDebounce hook',
    'Add a dark mode toggle to the settings page',
    'Add loading skeletons to the dashboard cards',
    'Add keyboard navigation to the command palette',
    'Add an empty state to the search results',
    'Implement the search results list',
    'Implement the search filters sidebar',
    'Implement form validation with zod schemas',
    'Update src/components/Button.tsx to support icons',
    'Update src/components/Button.tsx styles for dark mode',
    'Update src/components/Header.tsx to fix the layout shift',
    'Update snapshot tests',
    'Fix the focus trap in the modal dialog',
    'Fix the flicker when the theme changes',
    'Write tests for the useDebounce hook',
    'Write tests for the ThemeProvider',
    'Write tests for the command palette',
    'Write tests for the search filters',
    'Run the linter and fix warnings',
    'Verify the production build',
  ],
  [
    'Read the existing HTTP client code',
    'Add retry logic with exponential backoff to the HTTP client',
    'Add a timeout option to the HTTP client',
    'Add structured JSON logging',
    'Add the --verbose flag to the CLI',
    'Add the --dry-run flag to the CLI',
    'Refactor the config loader into its own module',
    'Refactor the config loader to read environment variables',
    'Refactor error handling in the sync command',
    'Implement the sync command',
    'Implement the status command',
    'Implement caching for expensive API calls',
    'Update the CLI help text',
    'Update the CHANGELOG',
    'Update src/cli/index.ts to register the new commands',
    'Write tests for the retry logic',
    'Write tests for the config loader',
    'Write tests for the sync command',
    'Write tests for the status command',
    'Set up the GitHub Actions workflow for lint and tests',
    'Set up the Dockerfile for the worker service',
  ],
  [
    'Investigate the failing checkout test',
    'Investigate the memory leak in the worker',
    'Fix the race condition in the order queue',
    'Fix the off-by-one error in invoice pagination',
    'Fix the timezone bug in the report scheduler',
    'Add a regression test for the order queue race',
    'Add a regression test for invoice pagination',
    'Add a regression test for the scheduler time zones',
    'Add metrics for queue latency',
    'Update the worker to release database connections',
    'Update the worker concurrency settings',
    'Update the report scheduler to use UTC',
    'Remove the deprecated v1 invoice endpoint',
    'Remove unused feature flags',
    'Document the order queue design',
    'Document the new environment variables',
    'Verify the fix against the staging data',
    'Run the full test suite',
  ],
];

/** Details agents append when they refine a task. */
const DETAILS = [
  'with error handling',
  'and edge cases',
  '(including migrations)',
  'for all roles',
  'behind a feature flag',
  'with unit tests',
];

/** The other first words agents use for the same work. */
const VERB_SWAPS: ReadonlyArray<readonly [string, string]> = [
  ['Implement ', 'Add '],
  ['Add ', 'Implement '],
  ['Write tests for ', 'Add tests for '],
  ['Update ', 'Refactor '],
  ['Refactor ', 'Update '],
  ['Create ', 'Implement '],
  ['Fix ', 'Investigate '],
];

/** A task of `project` not in `taken`, preferring ones that share first words with `like`. */
function newTask(project: readonly string[], taken: ReadonlySet<string>, random: Random, like?: string): string {
  const fresh = project.filter((content) => !taken.has(content));
  const first = like?.split(' ')[0];
  const similar = fresh.filter((content) => first !== undefined && content.startsWith(`${first} `));
  if (similar.length > 0 && random() < 0.7) return pick(random, similar);
  if (fresh.length > 0) return pick(random, fresh);
  return `${pick(random, project)} ${pick(random, DETAILS)} (${taken.size + 1})`;
}

/** Ways agents reword a task when they replan. */
function rename(content: string, project: readonly string[], taken: ReadonlySet<string>, random: Random): string {
  const roll = random();
  // A more specific task under the same first words.
  if (roll < 0.35) return newTask(project, taken, random, content);
  const swap = VERB_SWAPS.find(([from]) => content.startsWith(from));
  if (swap && roll < 0.6) return swap[1] + content.slice(swap[0].length);
  if (roll < 0.85) return `${content} ${pick(random, DETAILS)}`;
  const words = content.split(' ');
  return words.slice(0, Math.max(2, words.length - 2)).join(' ');
}

/** `rewrite`: the open tasks broken down anew (renames, insertions and drops at once). */
export type EditKind = 'rename' | 'insert' | 'drop' | 'reorder' | 'rewrite';

/** One `todo_write` call of a conversation. */
export interface ReplanCall {
  toolCallId: string;
  todos: Todo[];
  /** `first`: the conversation's first list; `resend`: the same texts in the same order, statuses changed. */
  kind: 'first' | 'resend' | 'edit';
  edits: EditKind[];
}

export interface ReplanConversation {
  id: string;
  calls: ReplanCall[];
}

/** Moves statuses forward as an agent reports progress: finish the task in progress (sometimes several), start the next. */
function progress(todos: Todo[], random: Random): Todo[] {
  const next = todos.map((todo) => ({ ...todo }));
  const current = next.findIndex((todo) => todo.status === 'in_progress');
  const finish = random() < 0.2 ? between(random, 2, 3) : 1;
  let start = current;
  if (current >= 0) {
    for (let index = current, done = 0; index < next.length && done < finish; index++) {
      if (next[index]!.status === 'completed') continue;
      next[index]!.status = 'completed';
      done += 1;
      start = index + 1;
    }
  }
  const pending = next.findIndex((todo, index) => index >= Math.max(0, start) && todo.status === 'pending');
  const anyPending = pending >= 0 ? pending : next.findIndex((todo) => todo.status === 'pending');
  if (anyPending >= 0) next[anyPending]!.status = 'in_progress';
  return next;
}

/** One replan that changes texts or order (with the statuses moved forward too, half of the time). */
function edit(todos: Todo[], project: readonly string[], random: Random): { todos: Todo[]; edits: EditKind[] } {
  let next = random() < 0.5 ? progress(todos, random) : todos.map((todo) => ({ ...todo }));
  const edits: EditKind[] = [];
  const operations = random() < 0.25 ? 2 : 1;
  for (let operation = 0; operation < operations; operation++) {
    const open = next.flatMap((todo, index) => (todo.status === 'completed' ? [] : [index]));
    const roll = random();
    const kind: EditKind =
      open.length === 0 || roll < 0.35
        ? 'insert'
        : roll < 0.65
          ? 'rename'
          : roll < 0.8
            ? 'rewrite'
            : open.length < 2
              ? 'rename'
              : roll < 0.9
                ? 'drop'
                : 'reorder';
    const taken = new Set(next.map((todo) => todo.content));
    if (kind === 'rename') {
      const index = pick(random, open);
      const renamed = rename(next[index]!.content, project, taken, random);
      if (taken.has(renamed)) continue;
      next[index] = { ...next[index]!, content: renamed };
    } else if (kind === 'insert') {
      // Agents insert what they just found out, most often right after the task in progress.
      const current = next.findIndex((todo) => todo.status === 'in_progress');
      const at = current >= 0 && random() < 0.6 ? current + 1 : between(random, open[0] ?? next.length, next.length);
      const count = random() < 0.2 ? 2 : 1;
      for (let added = 0; added < count; added++) {
        const like = pick(random, next).content;
        const content = newTask(project, new Set(next.map((todo) => todo.content)), random, like);
        next.splice(at + added, 0, { content, status: 'pending' });
      }
    } else if (kind === 'rewrite') {
      // The tasks still open, replaced by a new breakdown of about the same size.
      const done = next.filter((todo) => todo.status === 'completed');
      const count = Math.max(1, open.length + between(random, -1, 2));
      const fresh: Todo[] = [];
      const taken = new Set(done.map((todo) => todo.content));
      for (let index = 0; index < count; index++) {
        const content = newTask(project, taken, random, pick(random, next).content);
        taken.add(content);
        fresh.push({ content, status: index === 0 ? 'in_progress' : 'pending' });
      }
      next = [...done, ...fresh];
    } else if (kind === 'drop') {
      const pending = next.filter((todo) => todo.status === 'pending');
      if (pending.length === 0) continue;
      const dropped = pick(random, pending);
      next = next.filter((todo) => todo !== dropped);
    } else {
      const from = pick(random, open);
      const [moved] = next.splice(from, 1);
      const stillOpen = next.flatMap((todo, index) => (todo.status === 'completed' ? [] : [index]));
      next.splice(stillOpen.length > 0 ? pick(random, [...stillOpen, next.length]) : next.length, 0, moved!);
    }
    edits.push(kind);
  }
  return { todos: next, edits };
}

/**
 * Conversations of replanning agents, until at least `minCalls` calls: plans of 3-15 tasks, then
 * calls until every task is done; about 80% of the later calls re-send the list with only
 * statuses changed, the rest rename, insert, drop or reorder tasks.
 */
export function generateReplans(options: { seed: number; minCalls: number }): ReplanConversation[] {
  const random = seededRandom(options.seed);
  const conversations: ReplanConversation[] = [];
  let total = 0;
  while (total < options.minCalls) {
    const id = `c${conversations.length}`;
    const project = pick(random, PROJECTS);
    // Lists agents write: median about 6 tasks, rarely more than 12.
    const size = Math.min(15, Math.max(3, Math.round(3 + random() * random() * 12 + random() * 2)));
    const taken = new Set<string>();
    for (let index = 0; index < size; index++) taken.add(newTask(project, taken, random, [...taken].at(-1)));
    let todos: Todo[] = [...taken].map((content) => ({ content, status: 'pending' as TodoStatus }));
    if (random() < 0.7) todos[0]!.status = 'in_progress';
    const calls: ReplanCall[] = [{ toolCallId: `${id}-call-0`, todos, kind: 'first', edits: [] }];
    while (todos.some((todo) => todo.status !== 'completed') && calls.length < 40) {
      const toolCallId = `${id}-call-${calls.length}`;
      if (random() < 0.8) {
        todos = progress(todos, random);
        calls.push({ toolCallId, todos, kind: 'resend', edits: [] });
      } else {
        const replanned = edit(todos, project, random);
        todos = replanned.todos;
        const kind = replanned.edits.length > 0 ? 'edit' : 'resend';
        calls.push({ toolCallId, todos, kind, edits: replanned.edits });
      }
    }
    conversations.push({ id, calls });
    total += calls.length;
  }
  return conversations;
}

/** Splits text into deltas of 3-5 characters, cutting anywhere. */
export function cutIntoDeltas(text: string, random: Random): string[] {
  const deltas: string[] = [];
  for (let start = 0; start < text.length; ) {
    const size = between(random, 3, 5);
    deltas.push(text.slice(start, start + size));
    start += size;
  }
  return deltas;
}

const countsOf = (todos: readonly Todo[]) => ({
  pending: todos.filter((todo) => todo.status === 'pending').length,
  in_progress: todos.filter((todo) => todo.status === 'in_progress').length,
  completed: todos.filter((todo) => todo.status === 'completed').length,
});

/** An accepted call as the client holds it. */
export function acceptedPart(call: ReplanCall) {
  return {
    type: 'tool-todo_write',
    toolCallId: call.toolCallId,
    state: 'output-available',
    input: { todos: call.todos },
    output: countsOf(call.todos),
  } as const;
}

/** The conversation with `calls[0..index)` accepted and `streaming` (if given) as the part after them. */
export function conversationWith(
  conversation: ReplanConversation,
  index: number,
  streaming?: Record<string, unknown>,
): UIMessage[] {
  const parts = conversation.calls.slice(0, index).map(acceptedPart) as unknown as UIMessage['parts'];
  return [
    { id: `${conversation.id}-user`, role: 'user', parts: [{ type: 'text', text: 'Build the feature.' }] },
    {
      id: `${conversation.id}-assistant`,
      role: 'assistant',
      parts: [...parts, ...((streaming ? [streaming] : []) as UIMessage['parts'])],
    },
  ];
}

/**
 * The conversations the client holds while call `index` streams, one per delta: the SDK's
 * `parsePartialJson` of the accumulated arguments as the part's `input`.
 */
export async function streamingSnapshots(
  conversation: ReplanConversation,
  index: number,
  random: Random,
): Promise<UIMessage[][]> {
  const call = conversation.calls[index]!;
  const snapshots: UIMessage[][] = [];
  let text = '';
  for (const delta of cutIntoDeltas(JSON.stringify({ todos: call.todos }), random)) {
    text += delta;
    const { value } = await parsePartialJson(text);
    snapshots.push(
      conversationWith(conversation, index, {
        type: 'tool-todo_write',
        toolCallId: call.toolCallId,
        state: 'input-streaming',
        input: value,
      }),
    );
  }
  return snapshots;
}

/** A row as the checklist shows it. */
export interface ShownRow {
  key: string;
  content: string;
}

/**
 * The rows of `shown` (one snapshot) that show text their item will not have. The longest suffix
 * of rows identical (key and content) to rows of `before`, in increasing order of their position
 * there, is the untouched rest of the old list; every row ahead of it must show a text that the
 * final row at its position starts with (typed so far, or whole). Returns the indexes of the others.
 */
export function findFlashes(
  shown: readonly ShownRow[],
  before: readonly ShownRow[],
  after: readonly ShownRow[],
): number[] {
  const positionBefore = new Map(before.map((row, index) => [`${row.key}\u0000${row.content}`, index]));
  let suffixStart = shown.length;
  let limit = Number.POSITIVE_INFINITY;
  while (suffixStart > 0) {
    const row = shown[suffixStart - 1]!;
    const position = positionBefore.get(`${row.key}\u0000${row.content}`);
    if (position === undefined || position >= limit) break;
    limit = position;
    suffixStart -= 1;
  }
  const flashes: number[] = [];
  for (let index = 0; index < suffixStart; index++) {
    const final = after[index]?.content;
    if (final === undefined || !final.startsWith(shown[index]!.content)) flashes.push(index);
  }
  return flashes;
}
