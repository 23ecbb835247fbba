/**
 * How the scripted agent plans from what the user typed: it recognises a few request shapes
 * (build, fix, test, refactor, review, explain, anything else), pulls the thing asked about out of
 * the message, and writes a plan whose tasks name it. Each plan also scripts the revisions a real
 * agent makes while it works: finishing two tasks at once, adding a task it discovered, dropping
 * one that turned out unnecessary, renaming one.
 */
import type { ScenarioTask, ScriptedPlan } from './scenarios.js';

/** Requests the demo suggests before the first message: one per request shape. */
export const SUGGESTED_PROMPTS: readonly string[] = [
  'Add a dark mode toggle to the settings page',
  'Fix the flaky checkout test',
  'Write tests for the date parser',
  'Refactor the auth middleware',
  'Explain how the cache invalidation works',
];

/** The request shapes the planner recognises, by the verb the request starts with. */
export type RequestShape = 'build' | 'fix' | 'test' | 'docs' | 'migrate' | 'refactor' | 'review' | 'explain' | 'other';

/** What a request asks for: its shape, its verb as typed (capitalised), and the thing it is about. */
export interface ParsedRequest {
  shape: RequestShape;
  /** The request's own verb, e.g. `Add`, `Clean up`; for `other`, empty. */
  verb: string;
  /** The whole object phrase, e.g. `a dark mode toggle to the settings page`. */
  subject: string;
  /** The subject before its first place preposition, with `the` for `a`: `the dark mode toggle`. */
  thing: string;
  /** Where it goes, when the subject says: `the settings page`. */
  place?: string;
}

/** The subject of a request that names none ("hi"). */
const UNNAMED = 'the request';
/** Longest subject a task quotes, in characters; longer ones are cut after a whole word. */
const MAX_SUBJECT_LENGTH = 48;
const LEAD_INS =
  /^(?:(?:please|pls|hey|hi|hello|ok(?:ay)?|so|now|then)\b[\s,!]*|(?:can|could|would|will) you\s+|(?:i (?:want|need|would like|'d like)(?: you)? to|help me(?: to)?|let'?s|we (?:need|have) to|you should|go and)\s+)/i;
/** Leading verbs of each shape (tests first: "write tests for" must not read as a "write" build). */
const SHAPES: readonly [RequestShape, RegExp][] = [
  [
    'test',
    /^(?:(?:write|add|create)\s+(?:some\s+|more\s+)?(?:unit\s+|integration\s+|e2e\s+|end-to-end\s+)?tests?\s+(?:for|of|covering|to cover)|test|cover)\s+/i,
  ],
  [
    'docs',
    /^(?:document|(?:write|add|create|update|improve|expand)\s+(?:the\s+|some\s+|more\s+)?(?:docs|documentation|a guide|a readme)\s+(?:for|of|on|about)|(?:update|improve|rewrite|expand|proofread)(?=\s+(?:the\s+)?(?:[\w./-]+\s+)?(?:readme|docs|documentation|changelog|guide|tutorial)\b))\s+/i,
  ],
  ['fix', /^(?:fix|debug|repair|resolve|solve|investigate|troubleshoot|track down)\s+/i],
  ['migrate', /^(?:migrate|upgrade|update|move|port|convert|switch)\s+/i],
  [
    'refactor',
    /^(?:refactor|clean\s*up|tidy(?: up)?|restructure|simplify|reorgani[sz]e|rename|extract|split(?: up)?|rewrite|modernize)\s+/i,
  ],
  ['review', /^(?:review|audit|check|inspect|look (?:at|over)|go over)\s+/i],
  ['explain', /^(?:explain|describe|walk me through|tell me about|how does)\s+/i],
  [
    'build',
    /^(?:add|build|create|implement|make|write|set ?up|introduce|support|enable|integrate|develop|design|generate|ship)\s+/i,
  ],
];
/** Where the object phrase ends ("rate limiting | to the login endpoint"), and which of those name a place. */
const OBJECT_END = /\s(?:to|into|in|on|for|from|across|inside|within|under|at|with|by|using|via)\s/i;
const PLACE = /^\s(?:to|into|in|on|inside|within|at)\s$/i;
const QUESTION = /^(?:how|why|what|where|when|whether)\s+/i;
const QUESTION_VERB = /\s+(?:works?|happens?|runs?|fails?|behaves?|breaks?|is (?:built|done|used|handled))$/i;
/**
 * Where a request's object phrase gives way to an aside ("the user service, it's a mess") or to a
 * second request ("the login bug and add tests for it"): "and" before a verb starts a new clause,
 * "and" between nouns does not ("backoff and jitter").
 */
const CLAUSE_END =
  /,\s|\s[-–—]\s|\s(?:so that|because|since|as it|but|which|until)\s|\s(?:and|&|then)\s+(?:also\s+|then\s+)?(?:add|write|update|document|test|cover|fix|refactor|make|remove|delete|run|deploy|ship|check|verify|clean|create|build|explain|review|migrate|commit|push|open|release|bump|rename|move|merge|mention|note|keep|include|ensure|use)\b/i;
/** Tests asked for after the object ("the users table with tests"): every plan writes them anyway. */
const WITH_TESTS = /\s+(?:with|plus|including|and)\s+(?:some\s+|unit\s+|more\s+)?tests?$/i;
/** A subject that only points back ("fix it"): the plan names the kind of thing instead. */
const PRONOUN = /^(?:it|this|that|them|these|those|this one|that one)$/i;
/** What a plan calls a subject given only as a pronoun. */
const POINTED_AT: Readonly<Record<RequestShape, string>> = {
  build: 'the feature',
  fix: 'the bug',
  test: 'the code',
  docs: 'the code',
  migrate: 'the code',
  refactor: 'the code',
  review: 'the change',
  explain: 'the code',
  other: UNNAMED,
};
/** A docs request whose subject is itself a document ("the README"), not the code it documents. */
const DOCUMENT = /\b(?:readme|docs|documentation|changelog|guide|tutorial)\b/i;
/** "Make the page faster" asks for an improvement, not a new thing: it gets the general plan. */
const COMPARATIVE = /^make\s.*\b(?:\w+er|more \w+|less \w+)$/i;
const IRREGULAR_PAST: Readonly<Record<string, string>> = {
  build: 'built',
  make: 'made',
  write: 'wrote',
  rewrite: 'rewrote',
  set: 'set',
  split: 'split',
  ship: 'shipped',
  port: 'ported',
  upgrade: 'upgraded',
};
const TRAILING_FILLER = /[\s,]+(?:please|for me|thanks|thank you|asap)$/i;
const DANGLING_WORD = /\s+(?:the|a|an|to|for|and|or|of|with|in|on|at|from|by|that|which|so)$/i;

/** Reads a request: its shape and what it is about. Never throws; a message with no subject is about "the request". */
export function parseRequest(message: string): ParsedRequest {
  // The first sentence, one line ("." inside a file name is not an end).
  let text = (message.split(/[.!?;:](?=\s|$)|\n/)[0] ?? '').trim().replace(/\s+/g, ' ');
  for (let previous = ''; previous !== text; ) {
    previous = text;
    text = text.replace(LEAD_INS, '').replace(TRAILING_FILLER, '').trim();
  }
  for (const [shape, pattern] of SHAPES) {
    const match = pattern.exec(text);
    if (!match || (shape === 'build' && COMPARATIVE.test(text))) continue;
    let subject = subjectOf(text.slice(match[0].length));
    if (PRONOUN.test(subject)) subject = POINTED_AT[shape];
    if (/^how does/i.test(match[0])) subject = `how ${subject.replace(/\s+work$/i, ' works')}`;
    // "fix why login fails" is about a bug: "the bug where login fails".
    if (shape === 'fix' && QUESTION.test(subject)) subject = `the bug where ${subject.replace(QUESTION, '')}`;
    if (!subject) break;
    const verb = shape === 'test' || shape === 'explain' ? '' : capitalize(match[0].trim().toLowerCase());
    // "how the cache works" is about "the cache"; "from Jest to Vitest" about Jest.
    const topic =
      subject
        .replace(QUESTION, '')
        .replace(QUESTION_VERB, '')
        .replace(/\s+where\s.*$/, '')
        .replace(/^(?:from|to)\s+/i, '') || subject;
    const at = OBJECT_END.exec(topic);
    const thing = (subjectOf(at ? topic.slice(0, at.index) : topic) || subject).replace(/^(?:a|an|some)\s+/i, 'the ');
    const place = at && PLACE.test(at[0]) ? subjectOf(topic.slice(at.index + at[0].length)) : '';
    return place ? { shape, verb, subject, thing, place } : { shape, verb, subject, thing };
  }
  const subject = subjectOf(text) || UNNAMED;
  return { shape: 'other', verb: '', subject, thing: subject };
}

/** The plan for a request: intro, tasks with their notes and revisions, and the closing summary. */
export function planRequest(message: string): ScriptedPlan {
  const request = parseRequest(message);
  const { subject: s, thing: t, verb, place } = request;
  const task = (content: string, note: string, then?: ScenarioTask['then']): ScenarioTask =>
    then === undefined ? { content, note } : { content, note, then };
  switch (request.shape) {
    case 'build':
      return {
        intro: `I'll read the code around it, sketch the change, build it and cover it with tests. The plan for ${t}:`,
        tasks: [
          task(`Read the code around ${place ?? t}`, `Read ${place ?? 'the modules it touches'} and how it is wired.`),
          task(
            `Sketch the design for ${t}`,
            'Sketched the data flow and the one new public function. It also needs a config option, so I added a task for it.',
            {
              add: [task(`Add a config option for ${t}`, `The config switches ${t} on and off.`)],
            },
          ),
          task(`${verb} ${s}`, `Checked ${t} end to end in the running app.`, {
            rename: [
              {
                from: `Write tests for ${t}`,
                to: task(`Write unit and end-to-end tests for ${t}`, `Unit tests and one end-to-end test cover ${t}.`),
              },
            ],
          }),
          task(`Write tests for ${t}`, `Tests cover ${t}.`),
          task('Run the test suite', 'The whole suite passes.', { drop: [`Document ${t}`] }),
          task(`Document ${t}`, `Documented ${t}.`),
        ],
        summary: `Done: ${pastOf(verb)} ${s}, behind a config option, with unit and end-to-end tests. The docs already list every config option, so nothing else needed writing.`,
      };
    case 'fix':
      return {
        intro: `I'll reproduce it first, find the cause, then fix it with a test that fails before the fix. The plan for ${s}:`,
        tasks: [
          task(`Reproduce ${s}`, `Reproduced ${s} in about one run out of five.`),
          task(`Find the root cause of ${t}`, `Found the cause: two callers share state they both mutate.`, {
            add: [task('Check the other callers for the same mistake', 'The other callers copy before they mutate.')],
          }),
          task(`Write a failing test for ${t}`, 'The new test fails every time without the fix.'),
          task(
            `Fix ${s}`,
            `Fixed ${t}: the shared state is copied before each use. The new test and the whole suite pass.`,
            {
              complete: ['Run the test suite'],
              drop: ['Add a changelog entry'],
            },
          ),
          task('Run the test suite', 'The whole suite passes.'),
          task('Add a changelog entry', 'Added a changelog entry.'),
        ],
        summary: `Fixed ${s}: the cause was shared state mutated by two callers. A regression test now covers it, and the other callers were already safe.`,
      };
    case 'test':
      return {
        intro: `I'll list what ${s} does, then cover typical input, the edge cases and the errors. The plan:`,
        tasks: [
          task(`Read ${s} and list its cases`, `Listed 14 cases for ${t}, 5 of them about invalid input.`, {
            rename: [
              {
                from: 'Test the error paths',
                to: task(`Test ${t} on invalid input`, 'Invalid input is rejected with a clear error.'),
              },
            ],
          }),
          task(
            `Test ${t} on typical input`,
            'Typical input and the edge cases fit one table of inputs and outputs, so both are covered.',
            { complete: ['Test the edge cases'] },
          ),
          task('Test the edge cases', 'The edge cases are covered.'),
          task('Test the error paths', 'The error paths are covered.'),
          task('Run the tests with coverage', `All green, at 96% line coverage of ${t}: nothing to fix.`, {
            drop: ['Fix what the new tests reveal'],
          }),
          task('Fix what the new tests reveal', 'Fixed what the new tests revealed.'),
        ],
        summary: `Done: tests now cover ${s}: typical input, edge cases and invalid input, at 96% line coverage.`,
      };
    case 'docs': {
      const docs = DOCUMENT.test(t) ? t : `the docs for ${t}`;
      return {
        intro: `I'll compare ${docs} with the code, then fill the gaps. The plan:`,
        tasks: [
          task(`Read ${docs} end to end`, 'Two options are missing, and one example no longer runs.'),
          task(
            `Compare ${docs} with the code`,
            'One option was renamed in the code; the examples still use its old name.',
            {
              add: [task('Use the new option name in every example', 'Every example uses the current option name.')],
            },
          ),
          task('Write the missing sections', 'Wrote a section for each of the two missing options.', {
            rename: [
              {
                from: 'Add an example',
                to: task('Add an example that runs as written', 'The new example runs as written.'),
              },
            ],
          }),
          task('Add an example', 'Added an example.'),
          task('Check every link and code sample', 'Every link resolves and every code sample runs.', {
            drop: ['Ask for a review of the wording'],
          }),
          task('Ask for a review of the wording', 'Asked for a review of the wording.'),
        ],
        summary: `Done: ${pastOf(verb)} ${s}. There are two new sections and an example that runs as written, and every example uses the current option names.`,
      };
    }
    case 'migrate':
      return {
        intro: `I'll pin what works today with tests, then ${verb.toLowerCase()} ${s} in small steps. The plan:`,
        tasks: [
          task(`List everything that depends on ${t}`, `Three modules and the test setup depend on ${t}.`),
          task('Pin the current behaviour with tests', 'Nine tests pin what works today.'),
          task(`${verb} ${s}`, `${capitalize(pastOf(verb))} ${s}; the pinned tests pass.`, {
            rename: [
              {
                from: `Update the code that depends on ${t}`,
                to: task(
                  'Update the three modules and the test setup',
                  'The three modules and the test setup run on the new setup.',
                ),
              },
            ],
          }),
          task(`Update the code that depends on ${t}`, `Updated the code that depends on ${t}.`),
          task('Run the test suite', 'The whole suite passes, so no fallback is needed.', {
            drop: ['Keep the old setup as a fallback'],
          }),
          task('Keep the old setup as a fallback', 'Kept the old setup as a fallback.'),
        ],
        summary: `Done: ${pastOf(verb)} ${s}. The pinned tests pass before and after, and nothing depends on the old setup any more.`,
      };
    case 'refactor':
      return {
        intro: `I'll pin the current behaviour with tests first, so the change is safe. The plan for ${s}:`,
        tasks: [
          task(`Find every caller of ${t}`, `Found four callers of ${t}, all in the same package.`),
          task(`Pin the current behaviour of ${t} with tests`, 'Eleven tests pin the current behaviour.'),
          task(`${verb} ${s}`, `${capitalize(pastOf(verb))} ${t}; the pinned tests still pass.`, {
            rename: [
              {
                from: 'Update the callers',
                to: task(
                  'Update the four callers',
                  'The four callers use the new API; that left two helpers unused, so I removed them too.',
                  {
                    complete: ['Remove the dead code'],
                  },
                ),
              },
            ],
          }),
          task('Update the callers', 'The callers use the new API.'),
          task('Remove the dead code', 'Removed the old helpers nothing calls any more.'),
          task('Run the test suite', 'The whole suite passes.'),
        ],
        summary: `Done: ${pastOf(verb)} ${s}. The pinned tests pass before and after, and the four callers use the new API.`,
      };
    case 'review':
      return {
        intro: `I'll read ${s} end to end, then check it for the usual problems. The plan:`,
        tasks: [
          task(`Read ${s} end to end`, `Read ${t} and the code that calls it.`),
          task('Check the error handling', 'One error is caught and dropped without a log line.', {
            add: [task('Look closer at the swallowed error', 'The swallowed error hides failed retries.')],
          }),
          task('Check the input validation', 'Input is validated at the boundary; the tests check that too.', {
            complete: ['Check the tests that cover it'],
          }),
          task('Check the tests that cover it', 'The tests cover the main paths.'),
          task('Write up the review', 'Wrote the review: one real problem, two small suggestions.'),
        ],
        summary: `Review of ${s}: one real problem (an error swallowed without a log line hides failed retries) and two small suggestions.`,
      };
    case 'explain':
      return {
        intro: `I'll find the code behind it and trace one request through it. The plan for ${s}:`,
        tasks: [
          task(`Find the code behind ${t}`, `The code behind ${t} lives in two modules.`, {
            add: [task('Read the tests for usage examples', 'The tests show the intended use best.')],
          }),
          task(
            'Trace one request through it',
            'Traced one request from the entry point to the response. Nothing on the way needs a separate note.',
            {
              drop: ['Note the parts that surprise newcomers'],
            },
          ),
          task('Note the parts that surprise newcomers', 'Noted the surprising parts.'),
          task(`Explain ${t} with a small example`, 'Wrote the explanation below, with a small example.'),
        ],
        summary: `That is ${s}: one entry point, two modules, and the tests show the intended use.`,
      };
    default: {
      const named = s === UNNAMED ? s : `"${s}"`;
      return {
        intro: `I'll look at the relevant code, break ${named} into steps and work through them. The plan:`,
        tasks: [
          task('Read the relevant code', `Read the code ${named} touches.`),
          task(`Break ${named} into steps`, 'Three steps, one of them a small change that needs a test.', {
            add: [task('Add a test for the change', 'Added a test for the change.')],
          }),
          task('Make the change', 'Made the change and checked the result on the way.', {
            complete: ['Check the result'],
          }),
          task('Check the result', 'Checked the result.'),
          task('Summarize what changed', 'Summarized what changed.'),
        ],
        summary: `Done with ${named}: the change is in, with a test for it.`,
      };
    }
  }
}

/** The object phrase: trailing punctuation and dangling words off, cut after a whole word. */
function subjectOf(text: string): string {
  let subject = text
    .split(CLAUSE_END)[0]!
    .replace(/[\s,.!?;:]+$/, '')
    .replace(WITH_TESTS, '')
    .trim();
  if (subject.length > MAX_SUBJECT_LENGTH) {
    const cut = subject.lastIndexOf(' ', MAX_SUBJECT_LENGTH);
    subject = subject.slice(0, cut > 0 ? cut : MAX_SUBJECT_LENGTH);
  }
  while (DANGLING_WORD.test(subject)) subject = subject.replace(DANGLING_WORD, '');
  return subject.replace(/^(?:the|a|an)$/i, '');
}

/** The past tense of a request's verb, lower case: `Clean up` → `cleaned up`, `Build` → `built`. */
function pastOf(verb: string): string {
  const [first = '', ...rest] = verb.toLowerCase().split(' ');
  const past =
    IRREGULAR_PAST[first] ??
    (first.endsWith('e') ? `${first}d` : /[^aeiou]y$/.test(first) ? `${first.slice(0, -1)}ied` : `${first}ed`);
  return [past, ...rest].join(' ');
}

/** A capital first letter, unless the text starts with a path or a name (`src/date.ts`, `useChat`). */
function capitalize(text: string): string {
  return /^[a-z]+(?:\s|$)/.test(text) ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}
