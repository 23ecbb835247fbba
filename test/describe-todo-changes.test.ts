import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { diffTodos, type TodoChanges } from '../src/diff-todos.js';
import {
  announceTodoChanges,
  DEFAULT_TODO_CHANGE_LABELS,
  summarizeTodoCall,
  type TodoChangeLabels,
} from '../src/describe-todo-changes.js';
import { TODO_STATUSES, type Todo, type TodoStatus } from '../src/todo.js';
import { validateTodos } from '../src/validate-todos.js';

const todo = (content: string, status: TodoStatus = 'pending'): Todo => ({ content, status });
/** Both describers for one update from `before` to `after`. */
function describeUpdate(
  before: Todo<TodoStatus | 'cancelled'>[],
  after: Todo<TodoStatus | 'cancelled'>[],
  labels?: Partial<TodoChangeLabels>,
) {
  const changes = diffTodos(before, after);
  return {
    announcement: announceTodoChanges(changes, after, labels),
    summary: summarizeTodoCall({ outcome: 'accepted', changes, todos: after }, labels),
  };
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
      announcement: 'Added: Fix the flaky test. Now: Fix the flaky test. 1 of 5 completed.',
      summary: "Added 'Fix the flaky test'",
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
  it('shows the tool’s first problem, not its preamble, and how many more there are', () => {
    const result = validateTodos({
      todos: [
        { content: 'A', status: 'in_progress' },
        { content: 'B', status: 'in_progress' },
        { content: 'C', status: 'done' },
      ],
    });
    if (result.valid) throw new Error('expected a rejection');
    const summary = summarizeTodoCall({ outcome: 'rejected', error: `Error: ${result.message}` });
    expect(summary).toBe(`Rejected: ${result.problems[0]} (+1 more)`);
    expect(summary).not.toContain('Nothing was saved');
  });

  it('shows a single problem without a count', () => {
    const result = validateTodos({ todos: [{ content: 'Deploy', status: 'done' }] });
    if (result.valid) throw new Error('expected a rejection');
    expect(summarizeTodoCall({ outcome: 'rejected', error: result.message })).toBe(
      'Rejected: Item 1 ("Deploy") has status "done"; use pending, in_progress or completed.',
    );
  });

  it('counts the problems the tool left unlisted', () => {
    const todos = Array.from({ length: 25 }, (_, index) => ({ content: `Task ${index}`, status: 'done' }));
    const result = validateTodos({ todos });
    if (result.valid) throw new Error('expected a rejection');
    expect(summarizeTodoCall({ outcome: 'rejected', error: result.message })).toMatch(
      /^Rejected: Item 1 .* \(\+24 more\)$/,
    );
  });

  it('shows the first line of any other error, and just "Rejected" without one', () => {
    expect(summarizeTodoCall({ outcome: 'rejected', error: 'Error: The disk is full.\nat write()' })).toBe(
      'Rejected: The disk is full.',
    );
    expect(summarizeTodoCall({ outcome: 'rejected' })).toBe('Rejected');
    expect(summarizeTodoCall({ outcome: 'rejected', error: '  \n ' })).toBe('Rejected');
  });
});

describe('a denied or interrupted call', () => {
  it('says so, with the reason when there is one', () => {
    expect(summarizeTodoCall({ outcome: 'denied', reason: 'Not now' })).toBe('Changes requested: Not now');
    expect(summarizeTodoCall({ outcome: 'denied' })).toBe('Changes requested');
    expect(summarizeTodoCall({ outcome: 'interrupted' })).toBe('Stopped before it was saved');
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
    callRejected: (problem) => `Abgelehnt: ${problem}`,
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
      Object.entries(DEFAULT_TODO_CHANGE_LABELS).map(([key, value]) => [
        key,
        typeof value === 'string' ? `<${key}>` : (...args: unknown[]) => `<${key}:${args.length}>`,
      ]),
    ) as unknown as TodoChangeLabels;
    marked.callJoin = (clauses) => `<callJoin>${clauses.join('')}`;
    const texts = [
      describeUpdate(plan, finishAndStart, marked),
      describeUpdate([], plan, marked),
      describeUpdate(plan, [], marked),
      describeUpdate(plan, plan, marked),
      describeUpdate(plan, [todo('Read the code'), todo('Ship')], marked),
      describeUpdate(plan, [...plan.slice(0, 3), { content: 'Deploy', status: 'cancelled' }], marked),
    ].flatMap(({ announcement, summary }) => [announcement, summary]);
    texts.push(
      summarizeTodoCall({ outcome: 'rejected', error: 'Error: Nothing was saved.\n- Item 1 is bad.' }, marked),
      summarizeTodoCall({ outcome: 'denied' }, marked),
      summarizeTodoCall({ outcome: 'interrupted' }, marked),
    );
    for (const text of texts) expect(text.replace(/<[^>]*>/g, '').trim()).toBe('');
    const used = new Set(texts.join('').match(/(?<=<)\w+/g));
    expect([...used].sort()).toEqual(Object.keys(DEFAULT_TODO_CHANGE_LABELS).sort());
  });
});

describe('announcements and summaries (properties)', () => {
  const lists = fc.array(
    fc.record({
      content: fc.constantFrom('Read', 'Write', 'Test', 'Ship', 'Docs'),
      status: fc.constantFrom(...TODO_STATUSES),
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
