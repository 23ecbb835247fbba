import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { diffTodos, type TodoChanges } from '../src/index.js';
import {
  announceTodoChanges,
  selectTodoState,
  summarizeTodoCall,
  type TodoChangeLabels,
  type TodoLabels,
  type TodoRowStatus,
  type TodoToolShape,
} from '../src/index.js';
import { DEFAULT_CHANGE_LABELS } from '../src/text/todo-labels.js';
import { TODO_REJECTIONS } from '../src/plan/todo-rejections.js';
import { TODO_WRITE_STATUSES } from '../src/plan/todo-statuses.js';
import type { Todo, TodoStatus } from '../src/index.js';
import { validateTodos } from '../src/index.js';

const todo = (content: string, status: TodoStatus = 'pending'): Todo => ({ content, status });
/** A tool with every status, so the summaries read any move. */
const anyStatus: TodoToolShape<TodoRowStatus> = {
  name: 'plan',
  list: 'todos',
  text: 'content',
  statuses: ['pending', 'in_progress', 'completed', 'cancelled', 'blocked'],
};
const written = (toolCallId: string, todos: Todo<TodoRowStatus>[]) => ({
  id: toolCallId,
  role: 'assistant' as const,
  parts: [{ type: 'tool-plan', toolCallId, state: 'output-available', input: { todos }, output: {} }],
});
/** Both describers for one update from `before` to `after`: the announcement of its diff, the summary of its call. */
function describeUpdate(
  before: Todo<TodoRowStatus>[],
  after: Todo<TodoRowStatus>[],
  labels?: Partial<TodoChangeLabels>,
) {
  const messages = before.length > 0 ? [written('a', before), written('b', after)] : [written('b', after)];
  const state = selectTodoState(messages, { tool: anyStatus, toolCallId: 'b', status: 'ready' });
  return {
    announcement: announceTodoChanges(diffTodos(before, after), after, labels),
    summary: summarizeTodoCall(state, labels ? { changes: labels } : {}),
  };
}
/** The state of one `todo_write` call in `state`, with `input` and, when refused, the tool's error text. */
function callState(state: string, input: unknown, extra: Record<string, unknown> = {}) {
  const part = { type: 'tool-todo_write', toolCallId: 'c', state, input, ...extra };
  return selectTodoState([{ id: 'm', parts: [part] }], { status: 'ready', toolCallId: 'c' });
}

const plan = [
  todo('Read the code', 'completed'),
  todo('Write tests', 'in_progress'),
  todo('Run the suite'),
  todo('Deploy'),
];
const finishAndStart = [
  todo('Read the code', 'completed'),
  todo('Write tests', 'completed'),
  todo('Run the suite', 'in_progress'),
  todo('Deploy'),
];

describe('when one task is finished and the next started', () => {
  it('names both, the one in progress last', () => {
    expect(describeUpdate(plan, finishAndStart)).toEqual({
      announcement: 'Completed: Write tests. Now: Run the suite. 2 of 4 completed.',
      summary: "Completed 'Write tests' and started 'Run the suite'",
    });
  });
});

describe('when a task is finished and none started', () => {
  it('names the finished task only', () => {
    const after = plan.map((task) => ({ ...task, status: 'completed' as const }));
    const done = finishAndStart.map((task) =>
      task.content === 'Deploy' ? task : { ...task, status: 'completed' as const },
    );
    expect(describeUpdate(plan, done)).toEqual({
      announcement: 'Completed 2 tasks. 3 of 4 completed.',
      summary: 'Completed 2 tasks',
    });
    expect(describeUpdate(finishAndStart, after).summary).toBe('Completed 2 tasks');
  });
});

describe('when several tasks are finished at once', () => {
  it('counts them and names the next one', () => {
    const after = [
      todo('Read the code', 'completed'),
      todo('Write tests', 'completed'),
      todo('Run the suite', 'completed'),
      todo('Deploy', 'in_progress'),
    ];
    expect(describeUpdate(plan, after)).toEqual({
      announcement: 'Completed 2 tasks. Now: Deploy. 3 of 4 completed.',
      summary: "Completed 2 tasks and started 'Deploy'",
    });
  });
});

describe('when tasks are added', () => {
  it('names a single new task', () => {
    expect(describeUpdate(plan, [...plan, todo('Update the changelog')])).toEqual({
      announcement: 'Added: Update the changelog. 1 of 5 completed.',
      summary: "Added 'Update the changelog'",
    });
  });

  it('counts several', () => {
    expect(describeUpdate(plan, [...plan, todo('A'), todo('B')])).toEqual({
      announcement: 'Added 2 tasks. 1 of 6 completed.',
      summary: 'Added 2 tasks',
    });
  });

  it('says "Now" for a new task that is in progress', () => {
    const after = [
      todo('Read the code', 'completed'),
      todo('Fix the flaky test', 'in_progress'),
      ...plan.slice(1).map((task) => ({ ...task, status: 'pending' as const })),
    ];
    expect(describeUpdate(plan, after)).toEqual({
      announcement: 'Paused: Write tests. Added: Fix the flaky test. Now: Fix the flaky test. 1 of 5 completed.',
      summary: "Paused 'Write tests' and added 'Fix the flaky test'",
    });
  });
});

describe('when tasks are dropped', () => {
  it('names a single dropped task and counts several', () => {
    expect(describeUpdate(plan, plan.slice(0, 3))).toEqual({
      announcement: 'Removed: Deploy. 1 of 3 completed.',
      summary: "Removed 'Deploy'",
    });
    expect(describeUpdate(plan, plan.slice(0, 2)).summary).toBe('Removed 2 tasks');
  });
});

describe('when a task is renamed', () => {
  it('reads as one added and one removed', () => {
    const after = plan.map((task) => (task.content === 'Deploy' ? todo('Deploy to staging') : task));
    expect(describeUpdate(plan, after)).toEqual({
      announcement: 'Added: Deploy to staging. Removed: Deploy. 1 of 4 completed.',
      summary: "Added 'Deploy to staging' and removed 'Deploy'",
    });
  });
});

describe('when a task is reopened', () => {
  it('names it', () => {
    const after = plan.map((task) => (task.content === 'Read the code' ? todo('Read the code') : task));
    expect(describeUpdate(plan, after)).toEqual({
      announcement: 'Reopened: Read the code. 0 of 4 completed.',
      summary: "Reopened 'Read the code'",
    });
  });
});

describe('when every kind happens at once', () => {
  it('lists them completed, reopened, added, removed, then started', () => {
    const after = [
      todo('Read the code'),
      todo('Write tests', 'completed'),
      todo('Run the suite', 'in_progress'),
      todo('Ship'),
    ];
    expect(describeUpdate(plan, after)).toEqual({
      announcement:
        'Completed: Write tests. Reopened: Read the code. Added: Ship. Removed: Deploy. Now: Run the suite. 1 of 4 completed.',
      summary:
        "Completed 'Write tests', reopened 'Read the code', added 'Ship', removed 'Deploy' and started 'Run the suite'",
    });
  });
});

describe('when the list is planned', () => {
  it('counts the tasks and names the first one in progress', () => {
    expect(
      describeUpdate(
        [],
        plan.map((task, index) => ({ ...task, status: index === 0 ? 'in_progress' : 'pending' })),
      ),
    ).toEqual({
      announcement: 'Planned 4 tasks. Now: Read the code. 0 of 4 completed.',
      summary: 'Planned 4 tasks',
    });
  });

  it('says "1 task"', () => {
    expect(describeUpdate([], [todo('Deploy')])).toEqual({
      announcement: 'Planned 1 task. 0 of 1 completed.',
      summary: 'Planned 1 task',
    });
  });
});

describe('when the list is cleared', () => {
  it('says so', () => {
    expect(describeUpdate(plan, [])).toEqual({
      announcement: 'Cleared the list. 0 of 0 completed.',
      summary: 'Cleared the list',
    });
  });
});

describe('when nothing changed', () => {
  it('says so, also for a re-sent empty list', () => {
    expect(
      describeUpdate(
        plan,
        plan.map((task) => ({ ...task })),
      ),
    ).toEqual({
      announcement: 'No changes. 1 of 4 completed.',
      summary: 'No changes',
    });
    expect(describeUpdate([], [])).toEqual({ announcement: 'No changes. 0 of 0 completed.', summary: 'No changes' });
  });
});

describe('long and odd task texts', () => {
  const long = 'Add a sliding-window rate limiter in src/lib/rate-limit.ts with per-IP and per-user keys';

  it('cuts them after a whole word with …, to 40 characters in summaries and 80 in announcements', () => {
    const result = describeUpdate([todo('Old')], [todo('Old'), todo(`  ${long.replace(/ /g, '\n ')}`)]);
    expect(result.summary).toBe("Added 'Add a sliding-window rate limiter in…'");
    expect(result.announcement).toBe(
      'Added: Add a sliding-window rate limiter in src/lib/rate-limit.ts with per-IP and… 0 of 2 completed.',
    );
  });

  it('cuts one long word mid-word', () => {
    const word = 'x'.repeat(60);
    expect(describeUpdate([], [todo(word)].concat(todo('B'))).summary).toBe('Planned 2 tasks');
    expect(describeUpdate([todo('B')], [todo('B'), todo(word)]).summary).toBe(`Added '${'x'.repeat(39)}…'`);
  });

  it('never cuts inside an emoji', () => {
    const text = `${'x'.repeat(38)}🚦🚦`;
    const added = describeUpdate([todo('A')], [todo('A'), todo(text)]).summary;
    expect(added).toBe(`Added '${'x'.repeat(38)}…'`);
  });

  it('does not double a task’s own final period', () => {
    expect(describeUpdate([todo('Fix it.')], [todo('Fix it.', 'completed')]).announcement).toBe(
      'Completed: Fix it. 1 of 1 completed.',
    );
  });
});

describe('a rejected call', () => {
  const refused = (todos: unknown[], errorText?: string) => {
    const result = validateTodos({ todos });
    return callState('output-error', { todos }, { errorText: errorText ?? `Error: ${result.message}` });
  };

  it('shows the first problem the tool found, not its preamble, and how many more there are', () => {
    const todos = [
      { content: 'A', status: 'in_progress' },
      { content: 'B', status: 'in_progress' },
      { content: 'C', status: 'done' },
    ];
    const result = validateTodos({ todos });
    if (result.valid) throw new Error('expected a rejection');
    const summary = summarizeTodoCall(refused(todos));
    expect(summary).toBe(`Update rejected: ${result.problems[0]!.message} (1 more)`);
    expect(summary).not.toContain('Nothing was saved');
  });

  it('shows a single problem without a count', () => {
    expect(summarizeTodoCall(refused([{ content: 'Deploy', status: 'done' }]))).toBe(
      'Update rejected: Item 1 ("Deploy") has status "done"; use pending, in_progress or completed.',
    );
  });

  it("keeps the problem whole up to its reason, also for a long task's text", () => {
    const content = 'Write the migration that renames the column and updates every query';
    const summary = summarizeTodoCall(refused([{ content, status: 'done' }]));
    expect(summary).toMatch(
      /^Update rejected: Item 1 \(".*"\) has status "done"; use pending, in_progress or completed\.$/,
    );
  });

  it('counts every problem, also those the model read as "...and N more"', () => {
    const todos = Array.from({ length: 25 }, (_, index) => ({ content: `Task ${index}`, status: 'done' }));
    expect(summarizeTodoCall(refused(todos))).toMatch(/^Update rejected: Item 1 .* \(24 more\)$/);
  });

  it('shows the first line of any other error, and just the label without one', () => {
    const plan = [{ content: 'Deploy', status: 'pending' }];
    expect(summarizeTodoCall(refused(plan, 'Error: The disk is full.\nat write()'))).toBe(
      'Update rejected: The disk is full.',
    );
    expect(summarizeTodoCall(callState('output-error', { todos: plan }))).toBe('Update rejected');
    expect(summarizeTodoCall(refused(plan, '  \n '))).toBe('Update rejected');
  });
});

describe('a denied or interrupted call', () => {
  it('says so, with the reason when there is one', () => {
    const plan = { todos: [{ content: 'Deploy', status: 'pending' }] };
    const denied = (reason?: string) =>
      callState('output-denied', plan, { approval: { id: 'x', approved: false, reason } });
    expect(summarizeTodoCall(denied('Not now'))).toBe('Changes requested: Not now');
    expect(summarizeTodoCall(denied())).toBe('Changes requested');
    expect(summarizeTodoCall(callState('input-streaming', plan))).toBe('Stopped before it was saved');
  });
});

describe('labels', () => {
  const german: Partial<TodoChangeLabels> = {
    completed: (tasks) => `Erledigt: ${tasks.join(', ')}.`,
    now: (task) => `Jetzt: ${task}.`,
    progress: (completed, total) => `${completed} von ${total} erledigt.`,
    callCompleted: (tasks) => `„${tasks[0]}“ erledigt`,
    callStarted: (tasks) => `„${tasks[0]}“ begonnen`,
    callJoin: (clauses) => clauses.join(' und '),
  };

  it('replace any text, the others keep their defaults', () => {
    expect(describeUpdate(plan, finishAndStart, german)).toEqual({
      announcement: 'Erledigt: Write tests. Jetzt: Run the suite. 2 von 4 erledigt.',
      summary: '„Write tests“ erledigt und „Run the suite“ begonnen',
    });
    expect(describeUpdate(plan, [...plan, todo('X')], german).announcement).toBe('Added: X. 1 von 5 erledigt.');
  });

  it('cover every text: with all of them replaced, no English default is left', () => {
    const marked = Object.fromEntries(
      Object.entries(DEFAULT_CHANGE_LABELS).map(([key, value]) => [
        key,
        typeof value === 'string' ? `<${key}>` : (...args: unknown[]) => `<${key}:${args.length}>`,
      ]),
    ) as unknown as TodoChangeLabels;
    marked.callJoin = (clauses) => `<callJoin>${clauses.join('')}`;
    const rejections = Object.fromEntries(Object.keys(TODO_REJECTIONS).map((key) => [key, `<${key}>`]));
    const every = [
      ['pending', 'in_progress', 'completed', 'cancelled', 'blocked'],
      ['in_progress', 'pending', 'pending', 'pending', 'pending'],
      ['completed', 'blocked', 'cancelled', 'completed', 'in_progress'],
    ].map((statuses) => statuses.map((status, at) => ({ content: `Task ${at}`, status }) as Todo<TodoRowStatus>));
    const texts = [
      describeUpdate(plan, finishAndStart, marked),
      describeUpdate([], plan, marked),
      describeUpdate(plan, [], marked),
      describeUpdate(plan, plan, marked),
      describeUpdate(plan, [todo('Read the code'), todo('Ship')], marked),
      describeUpdate(every[0]!, every[1]!, marked),
      describeUpdate(every[1]!, every[2]!, marked),
      describeUpdate(every[2]!, every[0]!, marked),
      describeUpdate([todo('A'), todo('B')], [todo('A', 'in_progress'), todo('B', 'in_progress')], marked),
    ].flatMap(({ announcement, summary }) => [announcement, summary]);
    const labels: Partial<TodoLabels> = { ...rejections, changes: marked };
    const refusedPlan = { todos: [{ content: 'A', status: 'done' }] };
    texts.push(
      summarizeTodoCall(callState('output-error', refusedPlan, { errorText: 'Error: x' }), labels).replace(/:.*/, ''),
      summarizeTodoCall(callState('output-denied', refusedPlan), labels),
      summarizeTodoCall(callState('input-streaming', refusedPlan), labels),
      summarizeTodoCall(
        callState('output-available', refusedPlan, {
          output: { pending: 1, in_progress: 0, completed: 0, edited_by_user: [{ content: 'B', status: 'pending' }] },
        }),
        labels,
      ),
    );
    for (const text of texts) expect(text.replace(/<[^>]*>/g, '').trim()).toBe('');
    const used = new Set(texts.join('').match(/(?<=<)\w+/g));
    expect([...used].sort()).toEqual([...Object.keys(DEFAULT_CHANGE_LABELS), ...Object.keys(TODO_REJECTIONS)].sort());
  });
});

describe('announcements and summaries (properties)', () => {
  const lists = fc.array(
    fc.record({
      content: fc.constantFrom('Read', 'Write', 'Test', 'Ship', 'Docs'),
      status: fc.constantFrom(...TODO_WRITE_STATUSES),
    }),
    { maxLength: 8 },
  );

  it('always end with the counts of the new list and stay on one line', () => {
    fc.assert(
      fc.property(lists, lists, (before, after) => {
        const { announcement, summary } = describeUpdate(before, after);
        const completed = after.filter((task) => task.status === 'completed').length;
        expect(announcement.endsWith(`${completed} of ${after.length} completed.`)).toBe(true);
        expect(announcement).not.toContain('\n');
        expect(summary).not.toContain('\n');
        expect(summary).not.toBe('');
      }),
    );
  });

  it('say "No changes" exactly when diffTodos finds none', () => {
    fc.assert(
      fc.property(lists, lists, (before, after) => {
        const changes: TodoChanges = diffTodos(before, after);
        const unchanged = Object.values(changes).every((tasks) => tasks.length === 0);
        expect(describeUpdate(before, after).summary === 'No changes').toBe(unchanged);
      }),
    );
  });
});
