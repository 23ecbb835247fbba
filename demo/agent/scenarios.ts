/**
 * The scripted coding sessions. Plain data: the scripted model reads a scenario and the
 * conversation so far, and decides its next step from them (see `scripted-model.ts`).
 */

/** The identifiers of the built-in scenarios, in the order the picker shows them. */
export type ScenarioId = 'plan' | 'research' | 'rejected' | 'stop' | 'large';

/** One task of a scenario's plan. */
export interface ScenarioTask {
  /** The task as the model writes it into the list. */
  content: string;
  /** What the model says once the task is done (the short text between two steps). */
  note: string;
  /** How the model revises the rest of the list in the same update that completes this task. */
  then?: TaskRevision;
  /** Hands the task to a research subagent while it is in progress; its findings become the task's note. */
  research?: Research;
}

/** A question the main agent hands to a research subagent, and the plan the subagent works through to answer it. */
export interface Research {
  question: string;
  /** The subagent's own plan; its `summary` is all the main agent reads back. */
  plan: ScriptedPlan;
}

/**
 * What the model changes in the list when it completes a task, as real agents do mid-session.
 * Tasks are named by their text; a revision whose task is not (or no longer) in the list is skipped.
 */
export interface TaskRevision {
  /** Later tasks this one finished too: completed in the same update. */
  complete?: readonly string[];
  /** Tasks that turned out unnecessary: dropped from the list. */
  drop?: readonly string[];
  /** Tasks reworded in place, keeping their status (the list reads one removed, one added). */
  rename?: readonly { from: string; to: ScenarioTask }[];
  /** Tasks discovered while doing this one: inserted right after it, pending. */
  add?: readonly ScenarioTask[];
}

/** A plan as the model writes it: what it says first, the tasks, and what it says when all is done. */
export interface ScriptedPlan {
  /** What the model says before it writes the plan. */
  intro: string;
  tasks: readonly ScenarioTask[];
  /** What the model says when it stops working (everything done, or `workLimit` reached). */
  summary: string;
}

/**
 * A scripted coding session. Its `prompt` gets its own plan; any other request gets a plan about
 * that request (see `plan-request.ts`), played with the scenario's behaviour (mistake, pace, limits).
 */
export interface Scenario extends ScriptedPlan {
  id: ScenarioId;
  /** Short name for the picker. */
  label: string;
  /** One sentence for the picker: what this scenario shows. */
  description: string;
  /** The user message the page suggests for it. */
  prompt: string;
  /** Writes its own plan whatever the user asks (the 200-item list is the point of it). */
  fixedPlan?: boolean;
  /**
   * The one mistake the model makes, once per conversation, once `afterCompleted` tasks are done:
   * `two-in-progress` starts the next task without completing the current one (the tool rejects
   * it and the model corrects itself); `invalid-status` writes `"done"`, which the tool rejects too.
   */
  mistake?: { afterCompleted: number; kind: 'two-in-progress' | 'invalid-status' };
  /** After a rejected call, stop and explain instead of correcting (until the user says "continue"). */
  pauseAfterRejection?: boolean;
  /** Stop working after this many tasks are completed (the 200-item list). Default: all. */
  workLimit?: number;
  /** Multiplies the streaming delays: below 1 streams faster. Default 1. */
  pace?: number;
  /** The name the agent claims tasks under, with Claude Code's task tools. Default `'main'`. */
  agentName?: string;
}

const plan: Scenario = {
  id: 'plan',
  label: 'Normal plan',
  description: 'A 7-step coding task, one list update per step, with one rejected update that the agent corrects.',
  prompt: 'Add rate limiting to the login endpoint: 5 attempts per minute per IP and username.',
  intro: "I'll look at how login works today, add a limiter, wire it in and cover it with tests. Here's the plan.",
  tasks: [
    {
      content: 'Read the login route and the session middleware',
      note: 'The login handler lives in `src/routes/login.ts` and runs after the session middleware, so the limiter can key on IP plus username.',
    },
    {
      content: 'Add a sliding-window rate limiter in src/lib/rate-limit.ts',
      note: 'Added `createRateLimiter({ windowMs, max })`: a sliding window per key, pruned on every hit.',
    },
    {
      content: 'Wire the limiter into POST /api/login',
      note: 'The route now calls `limiter.hit(key)` before it checks the password.',
    },
    {
      content: 'Answer 429 with a Retry-After header when the limit is hit',
      note: 'Over the limit, the route answers 429 with `Retry-After` in seconds and skips the password check.',
    },
    {
      content: 'Write tests for the limiter and the login route',
      note: 'Eight tests cover the window edges, the reset after a minute and the 429 path.',
    },
    {
      content: 'Run the test suite and fix failures',
      note: 'One failure: a fake clock leaked between tests. Restored real timers in `afterEach`; everything passes now.',
    },
    {
      content: 'Document the 429 response in docs/api.md',
      note: 'Documented the 429 response and the `Retry-After` header in `docs/api.md`.',
    },
  ],
  summary:
    'Done. Login is limited to 5 attempts per minute per IP and username; over the limit it answers 429 with `Retry-After`. The limiter and the route are tested, and the API docs describe the new response.',
  mistake: { afterCompleted: 2, kind: 'two-in-progress' },
};

const research: Scenario = {
  id: 'research',
  label: 'Subagent research',
  description:
    'The agent hands its first task to a research subagent that plans on its own: its list shows under the call in the chat, while the pinned plan stays the main agent’s.',
  prompt: 'Log users out of every device when they change their password.',
  intro: "I'll have a subagent find out how sessions are stored and revoked, then make the change. The plan:",
  tasks: [
    {
      content: 'Research how sessions are stored and revoked',
      note: 'The research is in.',
      research: {
        question: 'How are sessions stored, and what revokes them today?',
        plan: {
          intro: "I'll find where sessions are made, then trace what ends them.",
          tasks: [
            {
              content: 'Find where sessions are created',
              note: 'Sessions are created in `src/auth/session.ts` and stored in Redis as `session:<id>`.',
            },
            {
              content: 'Trace logout and the password change',
              note: 'Logout deletes its own session; the password route in `src/routes/password.ts` deletes none.',
            },
            { content: 'List what ends a session', note: 'Only logout and the 30-day expiry end a session.' },
          ],
          summary:
            'Sessions live in Redis as `session:<id>`, with no index by user. Logout deletes one session and expiry ends the rest; a password change revokes nothing, so old sessions stay valid.',
        },
      },
    },
    {
      content: 'Index sessions by user in Redis',
      note: "Each new session is also added to `user-sessions:<userId>`, so all of a user's sessions can be found.",
    },
    {
      content: 'Revoke every other session on a password change',
      note: "The password route now deletes every session in the user's index except the one making the change.",
    },
    {
      content: 'Write tests for the revocation',
      note: 'Three tests: other sessions end, the current one stays, and a stale index entry is skipped.',
    },
    { content: 'Run the test suite', note: 'The whole suite passes.' },
  ],
  summary:
    'Done. Changing a password now ends every other session of the user: sessions are indexed by user, and the password route revokes them all. Tests cover it.',
  // The subagent is the point of it: the same plan, research first, whatever the user asks.
  fixedPlan: true,
};

const rejected: Scenario = {
  id: 'rejected',
  label: 'Rejected call',
  description:
    'The agent writes an invalid status ("done"); the tool rejects the call and the checklist keeps the last accepted list, with a note.',
  prompt: 'Rename the user_id column to account_id across the schema and the queries.',
  intro: "I'll find every use of the column, migrate it, and update the queries and types. The plan:",
  tasks: [
    {
      content: 'Find every use of user_id',
      note: 'Found 14 uses: the schema, 3 query files, 2 types and the seed script.',
    },
    {
      content: 'Write the migration that renames the column',
      note: 'The migration renames the column and its index in one transaction.',
    },
    { content: 'Update the queries and the generated types', note: 'Queries and types now say `account_id`.' },
    {
      content: 'Run the migration against a copy of the database',
      note: 'The migration ran cleanly on a copy: 12,408 rows, no errors.',
    },
  ],
  summary: 'The column is now `account_id` everywhere, and the migration ran cleanly on a copy of the database.',
  mistake: { afterCompleted: 1, kind: 'invalid-status' },
  pauseAfterRejection: true,
};

const stop: Scenario = {
  id: 'stop',
  label: 'Long run (press Stop)',
  description:
    'A long migration with long list updates: press Stop while a call streams and the checklist falls back to the last accepted list.',
  prompt: 'Migrate the test suite from Jest to Vitest.',
  intro: "That touches config, mocks, timers and CI. I'll go file by file so nothing is lost. The plan:",
  tasks: [
    {
      content: 'Inventory the Jest config, setup files and custom matchers in the repository',
      note: 'One `jest.config.js`, two setup files and three custom matchers.',
    },
    {
      content: 'Install Vitest and write vitest.config.ts with the same test environment and aliases',
      note: '`vitest.config.ts` mirrors the Jest environment, aliases and coverage thresholds.',
    },
    {
      content: 'Replace jest.fn, jest.mock and jest.spyOn with their vi equivalents in every test file',
      note: 'Replaced 212 `jest.*` calls across 41 files with `vi.*`.',
    },
    {
      content: 'Convert the fake timers and module factory mocks that behave differently under Vitest',
      note: 'Module factories now return `{ default }` explicitly; fake timers use `vi.useFakeTimers({ toFake: [...] })`.',
    },
    {
      content: 'Port the three custom matchers and their TypeScript declarations to expect.extend',
      note: 'The matchers moved to `test/setup.ts` with a `vitest` module declaration.',
    },
    {
      content: 'Update snapshot files whose serializer output changed and review every diff by hand',
      note: 'Seven snapshots changed only in quoting; reviewed and updated.',
    },
    {
      content: 'Switch the CI workflow and the package scripts from jest to vitest run',
      note: 'CI and `npm test` now run `vitest run`.',
    },
    {
      content: 'Remove Jest, babel-jest and their configuration once everything passes',
      note: 'Removed Jest, `babel-jest` and the Babel config: 38 fewer packages.',
    },
    {
      content: 'Run the whole suite three times to check for flaky tests after the migration',
      note: 'Three clean runs in a row, 1,204 tests each.',
    },
    {
      content: 'Write a short migration note for the team in CONTRIBUTING.md',
      note: 'CONTRIBUTING.md explains `vi.*`, the config and how to debug a test.',
    },
  ],
  summary: 'The suite runs on Vitest: same environment and coverage, no Jest left, three clean runs in a row.',
  pace: 1.6,
};

const RESOURCES = [
  'accounts',
  'api-keys',
  'audit-logs',
  'billing',
  'comments',
  'dashboards',
  'deployments',
  'domains',
  'environments',
  'exports',
  'feature-flags',
  'files',
  'imports',
  'integrations',
  'invitations',
  'invoices',
  'issues',
  'jobs',
  'labels',
  'members',
  'milestones',
  'notifications',
  'orgs',
  'pipelines',
  'projects',
  'releases',
  'reports',
  'roles',
  'secrets',
  'sessions',
  'settings',
  'tags',
  'teams',
  'tokens',
  'usage',
  'users',
  'webhooks',
  'workspaces',
  'alerts',
  'backups',
] as const;
const ROUTE_SHAPES = [
  'GET /api/{r}',
  'POST /api/{r}',
  'GET /api/{r}/:id',
  'PATCH /api/{r}/:id',
  'DELETE /api/{r}/:id',
] as const;

function auditTasks(): ScenarioTask[] {
  const tasks: ScenarioTask[] = [];
  for (const resource of RESOURCES) {
    for (const shape of ROUTE_SHAPES) {
      const route = shape.replace('{r}', resource);
      tasks.push({
        content: `Check the auth guard on ${route} (src/routes/${resource}.ts)`,
        note: `${route} checks the session and the ${resource} permission.`,
      });
    }
  }
  return tasks;
}

const large: Scenario = {
  id: 'large',
  label: '200-item list',
  description:
    'One call writes 200 items, then two updates re-send the whole list: how the checklist performs with a long list.',
  prompt: 'Audit every API route for a missing auth check.',
  intro: 'There are 40 resources with 5 routes each. I will check all 200 routes one by one. The list:',
  tasks: auditTasks(),
  summary: 'The first two routes are verified. That is where this demo stops: the list above is 200 items long.',
  workLimit: 2,
  pace: 0.25,
  fixedPlan: true,
};

/** The built-in scenarios by id. */
export const scenarios: Readonly<Record<ScenarioId, Scenario>> = { plan, research, rejected, stop, large };

/** The scenario ids in picker order. */
export const SCENARIO_IDS: readonly ScenarioId[] = ['plan', 'research', 'rejected', 'stop', 'large'];

/** The scenario the demo starts with. */
export const DEFAULT_SCENARIO_ID: ScenarioId = 'plan';

/** True when `value` names a built-in scenario. */
export function isScenarioId(value: unknown): value is ScenarioId {
  return typeof value === 'string' && (SCENARIO_IDS as readonly string[]).includes(value);
}

/**
 * The subagent's session for a question a scenario hands to research: the research's own plan, written whatever the
 * question's wording. A question no task asks gets a short plan of its own.
 */
export function researchScenario(scenario: Scenario, question: string): Scenario {
  const asked = scenario.tasks.find((task) => task.research?.question === question)?.research;
  const plan: ScriptedPlan = asked?.plan ?? {
    intro: "I'll look for the code the question is about.",
    tasks: [
      { content: 'Search the code for the question', note: 'Found two modules that touch it.' },
      { content: 'Write up the findings', note: 'Wrote up the findings.' },
    ],
    summary: `Two modules touch "${question}"; nothing there stands in the way.`,
  };
  return {
    ...plan,
    id: scenario.id,
    label: 'Research',
    description: question,
    prompt: question,
    fixedPlan: true,
    agentName: 'researcher',
  };
}
