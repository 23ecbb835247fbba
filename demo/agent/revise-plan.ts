/**
 * How the scripted agent takes up a plan sent back for changes: it reads the person's reason the
 * way the planner reads requests, by a few keywords, and adds, drops or renames tasks.
 * "Also update the user documentation" adds "Update the user documentation"; "Drop the changelog"
 * drops the task that mentions the changelog; "Rename 'Run the suite' to 'Run every test'" renames.
 */

/** A task as the agent writes it. */
export interface PlannedTask {
  content: string;
  status: string;
}

/** What a revision did, for the agent's reply. */
export interface PlanRevision {
  todos: PlannedTask[];
  added: string[];
  dropped: string[];
  renamed: Array<{ from: string; to: string }>;
}

const DROP = /^(?:please\s+)?(?:drop|remove|delete|skip|cut|leave out|no need (?:to|for)|don'?t|do not)\s+(.+)$/i;
const RENAME = /^(?:please\s+)?(?:rename|call|change)\s+(.+?)\s+(?:to|into)\s+(.+)$/i;
const ADD = /^(?:please\s+)?(?:also|and|plus|add(?: a task to)?|add|include|then|first)\s+(.+)$/i;
/** Words that say nothing about which task is meant. */
const FILLER = new Set(['the', 'a', 'an', 'task', 'step', 'to', 'of', 'for', 'and', 'it', 'that', 'this', 'please']);

/** The clauses of a reason: its sentences, and parts joined by "; " or ", and ". */
function clausesOf(reason: string): string[] {
  return reason
    .split(/[.!?;\n]+|,\s*(?=and\s|also\s|then\s)/i)
    .map((clause) => clause.trim().replace(/^["'“]|["'”]$/g, ''))
    .filter((clause) => clause.length > 0);
}

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1 && !FILLER.has(word));
}

/** The open task whose words overlap most with `phrase`, if any word does. */
function findTask(todos: readonly PlannedTask[], phrase: string): PlannedTask | undefined {
  const wanted = new Set(wordsOf(phrase));
  let best: PlannedTask | undefined;
  let bestScore = 0;
  for (const todo of todos) {
    if (todo.status === 'completed') continue;
    const score = wordsOf(todo.content).filter((word) => wanted.has(word) || wanted.has(word.replace(/s$/, ''))).length;
    if (score > bestScore) [best, bestScore] = [todo, score];
  }
  return best;
}

function taskText(phrase: string): string {
  const text = phrase
    .trim()
    .replace(/^["'“]|["'”]$/g, '')
    .replace(/^(?:a|an)\s+task\s+(?:to|for)\s+/i, '')
    .replace(/[\s,.]+$/, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The proposal revised from `reason`: each clause adds, drops or renames a task; a clause that
 * says none of these becomes a task of its own. The first open task is the one in progress.
 */
export function revisePlan(proposal: readonly PlannedTask[], reason: string): PlanRevision {
  let todos = proposal.map((todo) => ({ content: todo.content, status: todo.status }));
  const revision: PlanRevision = { todos, added: [], dropped: [], renamed: [] };
  for (const clause of clausesOf(reason)) {
    const rename = RENAME.exec(clause);
    const drop = DROP.exec(clause);
    if (rename) {
      const task = findTask(todos, rename[1]!);
      if (task) {
        const to = taskText(rename[2]!);
        revision.renamed.push({ from: task.content, to });
        task.content = to;
      }
      continue;
    }
    if (drop) {
      const task = findTask(todos, drop[1]!);
      if (task) {
        revision.dropped.push(task.content);
        todos = todos.filter((todo) => todo !== task);
      }
      continue;
    }
    const content = taskText(ADD.exec(clause)?.[1] ?? clause);
    if (content && !todos.some((todo) => todo.content.toLowerCase() === content.toLowerCase())) {
      revision.added.push(content);
      todos.push({ content, status: 'pending' });
    }
  }
  let started = todos.some((todo) => todo.status === 'in_progress');
  for (const todo of todos) {
    if (!started && todo.status === 'pending') {
      todo.status = 'in_progress';
      started = true;
    }
  }
  revision.todos = todos;
  return revision;
}

/** The agent's reply to a revision: what it changed, in one sentence. */
export function describeRevision(revision: PlanRevision): string {
  const parts = [
    ...revision.added.map((task) => `added "${task}"`),
    ...revision.dropped.map((task) => `dropped "${task}"`),
    ...revision.renamed.map(({ from, to }) => `renamed "${from}" to "${to}"`),
  ];
  if (parts.length === 0) return 'I could not tell what to change, so here is the same plan again.';
  const joined = parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `Revised the plan: ${joined}. Please have another look.`;
}
