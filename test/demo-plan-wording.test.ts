/**
 * The demo's scripted agent is the first agent people see: whatever they type, its plan, notes and
 * summary must read as English. Real requests of every kind, with and without a second clause
 * ("and add tests for it"), pronouns and lead-ins, checked for the seams a template leaves.
 */
import { describe, expect, it } from 'vitest';
import { parseRequest, planRequest } from '../demo/agent/plan-request.js';
import type { ScenarioTask } from '../demo/agent/scenarios.js';
import { validateTodos } from '../src/index.js';

const REQUESTS: readonly string[] = [
  // bug fixes
  'Fix the login bug and add tests for it',
  'Fix the login bug',
  'Fix it',
  'Please fix the race condition in the job queue and add a regression test',
  'Debug why the export fails for large files',
  'Fix the broken pagination on the orders page and document it',
  'can you fix this?',
  // refactors
  'Refactor the payment module and add tests',
  'Refactor the payment module and add tests for it',
  'Clean up the user service and then update the callers',
  'Simplify the config loader, it has grown too many options',
  'Refactor this',
  // features
  'Add rate limiting to the API and document it',
  'Add pagination to the users table with tests',
  'Build a CSV export for invoices and add tests',
  'Implement dark mode and write tests for it',
  'Add a retry with exponential backoff and jitter to the HTTP client',
  'Add them',
  // docs
  'Update the README',
  'Write docs for the CLI',
  'Document the webhook API and add an example',
  'Improve the getting started guide',
  // migrations
  'Migrate the database to Postgres',
  'Switch from Jest to Vitest and fix the failing tests',
  'Upgrade to React 19',
  'Move the config to YAML and update the docs',
  // tests, reviews, questions, anything else
  'Write tests for the date parser',
  'cover the parser with tests',
  'Review the payment module and fix what you find',
  'Explain how the cache invalidation works',
  'How does the router work?',
  'Make the website faster',
  'hi!',
];

/** A second request joined to the first: "and add tests for it", "and then update the callers". */
function secondClause(request: string): string | undefined {
  return /\s(?:and(?: then)?)\s+(?:add|write|update|document|fix)\b.*$/i.exec(request)?.[0].trim();
}

/** Every task a plan can show: its tasks, the ones its revisions add, and their new names. */
function allTasks(tasks: readonly ScenarioTask[]): ScenarioTask[] {
  return tasks.flatMap((task) => [
    task,
    ...allTasks(task.then?.add ?? []),
    ...allTasks((task.then?.rename ?? []).map((rename) => rename.to)),
  ]);
}

/** Everything the agent says about a request: intro, each task, each note, the summary. */
function textsOf(request: string): string[] {
  const plan = planRequest(request);
  return [plan.intro, ...allTasks(plan.tasks).flatMap((task) => [task.content, task.note]), plan.summary];
}

/** Seams a template leaves in a sentence. */
const BROKEN = [
  /\b(\w+) \1\b/i, // a doubled word: "the the", "tests tests"
  /\b(?:a|an|the) (?:a|an|the)\b/i, // "the a"
  /\band add tests\b.*\band\b|\band (?:add|write) tests (?:and|for it)\b/i, // the user's second clause inside a task
  /\s[,.;:]/, // a space before punctuation
  /\s{2}/, // two spaces
  /\b(?:and|or|for|of|the|to|with)[.:]?$/i, // a dangling last word
  /\b(?:It|Them|This|That|These|Those) (?:works end|has four|keeps its|can be switched)\b/, // a pronoun as the thing
  /""/, // an empty quote
];

describe('the demo agent reads as English, whatever the request', () => {
  it('is checked on enough real requests of every kind', () => {
    expect(REQUESTS.length).toBeGreaterThanOrEqual(20);
    const shapes = new Set(REQUESTS.map((request) => parseRequest(request).shape));
    expect([...shapes].sort()).toEqual(
      ['build', 'docs', 'explain', 'fix', 'migrate', 'other', 'refactor', 'review', 'test'].sort(),
    );
  });

  it.each(REQUESTS)('"%s": no task, note or summary repeats the second clause of the request', (request) => {
    const clause = secondClause(request);
    for (const text of textsOf(request)) {
      if (clause !== undefined) expect(text.toLowerCase()).not.toContain(clause.toLowerCase());
      for (const seam of BROKEN) expect(text).not.toMatch(seam);
    }
  });

  it.each(REQUESTS)('"%s": each task is one imperative line, and the list is valid', (request) => {
    const tasks = allTasks(planRequest(request).tasks).map((task) => task.content);
    for (const task of tasks) {
      // A verb in the imperative: capitalised, not a past tense or a gerund, no closing full stop.
      expect(task).toMatch(/^[A-Z][a-z]+(?:\s|$)/);
      expect(task.split(' ')[0]).not.toMatch(/(?:ed|ing|s)$/);
      expect(task).not.toMatch(/[.!?]$/);
      expect(task.length).toBeLessThanOrEqual(80);
    }
    const todos = planRequest(request).tasks.map((task) => ({ content: task.content, status: 'pending' as const }));
    expect(validateTodos({ todos }).valid).toBe(true);
  });

  it.each(REQUESTS)('"%s": notes, intro and summary are sentences', (request) => {
    const plan = planRequest(request);
    const sentences = [plan.intro, plan.summary, ...allTasks(plan.tasks).map((task) => task.note)];
    for (const sentence of sentences) expect(sentence).toMatch(/^[A-Z"].*[.:]$/);
  });

  it('names what was asked, without the rest of the message', () => {
    expect(parseRequest('Fix the login bug and add tests for it')).toMatchObject({ thing: 'the login bug' });
    expect(parseRequest('Refactor the payment module and add tests')).toMatchObject({ thing: 'the payment module' });
    expect(parseRequest('Add rate limiting to the API and document it')).toMatchObject({
      thing: 'rate limiting',
      place: 'the API',
    });
    expect(parseRequest('Switch from Jest to Vitest')).toMatchObject({ shape: 'migrate', thing: 'Jest' });
    // "and" between nouns belongs to the thing.
    expect(parseRequest('Add a retry with exponential backoff and jitter to the HTTP client').subject).toContain(
      'backoff and jitter',
    );
    expect(planRequest('Fix it').tasks.map((task) => task.content)).toContain('Reproduce the bug');
  });
});
