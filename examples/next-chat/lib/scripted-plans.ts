/**
 * What the scripted agent plans when no API key is set: plain data, so the page and the tests read the same
 * prompts. Each task's note is what the agent says once it is done.
 */

/** A plan the scripted agent writes for its prompt, worked task by task. */
export interface ScriptedPlan {
  /** The user message that gets this plan. */
  prompt: string;
  /** What the agent says before it writes the plan. */
  intro: string;
  tasks: readonly { content: string; note: string }[];
  /** What the agent says once every task is done. */
  summary: string;
  /**
   * Writes the status `"done"` (which todo_write refuses) once this many tasks are done, once per chat, then stops
   * until the user says "continue". Default: never.
   */
  invalidStatusAfter?: number;
}

/** The plan for any request but the rename's. */
export const LOGIN_LIMIT_PLAN: ScriptedPlan = {
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
};

/** A plan whose second update the tool refuses: the chat shows a rejected call, then goes on after "continue". */
export const RENAME_COLUMN_PLAN: ScriptedPlan = {
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
  invalidStatusAfter: 1,
};

/** Every scripted plan, the one for any other request first. */
export const SCRIPTED_PLANS: readonly ScriptedPlan[] = [LOGIN_LIMIT_PLAN, RENAME_COLUMN_PLAN];
