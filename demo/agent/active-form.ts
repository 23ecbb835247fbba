/**
 * The present-tense form of a task, as Claude Code's `TodoWrite` carries it in `activeForm`: "Run the
 * tests" is "Running the tests" while it is worked on. The scripted agent writes it when it plays that tool.
 */

/** Short verbs whose last consonant doubles before -ing (run → running). */
const DOUBLING = new Set([
  'run',
  'set',
  'get',
  'put',
  'cut',
  'plan',
  'ship',
  'stop',
  'map',
  'log',
  'pin',
  'drop',
  'wrap',
]);

/** "Run the tests" → "Running the tests"; a task that does not start with a verb gets "Working on: …". */
export function toActiveForm(content: string): string {
  const match = /^([A-Za-z]+)(.*)$/s.exec(content.trim());
  if (!match) return `Working on: ${content.trim()}`;
  const [, verb, rest] = match as unknown as [string, string, string];
  const lower = verb.toLowerCase();
  let ing: string;
  if (lower.endsWith('ie')) ing = `${verb.slice(0, -2)}ying`;
  else if (lower.endsWith('e') && !lower.endsWith('ee') && lower.length > 2) ing = `${verb.slice(0, -1)}ing`;
  else if (DOUBLING.has(lower)) ing = `${verb}${verb.slice(-1)}ing`;
  else ing = `${verb}ing`;
  return `${ing}${rest}`;
}
