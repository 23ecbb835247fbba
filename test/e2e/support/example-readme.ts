/**
 * The commands examples/next-chat/README.md gives, read out of it so the tests run what a person
 * copies: the two of "Run it", and the line that installs this repository's build in their place.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseMarkdown } from '../../support/markdown.js';
import { REPO_ROOT } from '../../support/pack-package.js';

/** The README's steps, one shell line each, comments dropped. */
export interface ExampleSteps {
  /** Under "Run it": install, then start the dev server. */
  run: string[];
  /** Under "Inside the todo-write repository": the `npm install` of the packed build (`./todo-write-*.tgz`). */
  installBuild: string;
}

/** The text from `heading` (a whole line) to the next heading of any level. */
function section(text: string, heading: string): string {
  const start = text.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`examples/next-chat/README.md has no "${heading}" heading`);
  const end = text.slice(start + heading.length + 2).search(/\n#{1,6} /);
  return text.slice(start, end < 0 ? undefined : start + heading.length + 2 + end);
}

/** The command lines of the section's shell blocks. */
function commandLines(text: string): string[] {
  return parseMarkdown(text)
    .blocks.filter((block) => block.lang === 'sh')
    .flatMap((block) => block.code.split('\n'))
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line !== '');
}

export function readExampleSteps(
  readme: string = readFileSync(join(REPO_ROOT, 'examples', 'next-chat', 'README.md'), 'utf8'),
): ExampleSteps {
  const run = commandLines(section(readme, '## Run it'));
  const installBuild = commandLines(section(readme, '### Inside the todo-write repository')).filter((line) =>
    line.includes('./todo-write-*.tgz'),
  );
  if (installBuild.length !== 1)
    throw new Error(`the README installs the packed build in ${installBuild.length} lines`);
  return { run, installBuild: installBuild[0]! };
}
