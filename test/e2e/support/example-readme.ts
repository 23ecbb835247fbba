/**
 * The commands examples/next-chat/README.md gives, read out of it so the tests run what a person
 * copies: those for a clone of the repository, those for a copy of the folder alone, and the line
 * that installs this repository's packed build.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseMarkdown } from '../../support/markdown.js';
import { REPO_ROOT } from '../../support/pack-package.js';

/** The README's steps, one shell line each, comments dropped. */
export interface ExampleSteps {
  /** Under "In a clone of the todo-write repository": install todo-write from the clone, then start the dev server. */
  clone: string[];
  /** Under "In a copy of this folder": install, then start the dev server. */
  run: string[];
  /** Under "After changing the library": the `npm install` of the packed build (`./todo-write-*.tgz`). */
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
  const clone = commandLines(section(readme, '### In a clone of the todo-write repository'));
  const run = commandLines(section(readme, '### In a copy of this folder'));
  const installBuild = commandLines(section(readme, '### After changing the library')).filter((line) =>
    line.includes('./todo-write-*.tgz'),
  );
  if (installBuild.length !== 1)
    throw new Error(`the README installs the packed build in ${installBuild.length} lines`);
  return { clone, run, installBuild: installBuild[0]! };
}
