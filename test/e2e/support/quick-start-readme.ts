/**
 * What a new user copies out of README.md: the Install command and the Quick start files, each
 * block named by the path on its first line (`// app/page.tsx`). A block named
 * `// app/api/chat/route.ts (AI SDK 6)` is the form of that file for AI SDK 6.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseMarkdown } from '../../support/markdown.js';
import { REPO_ROOT } from '../../support/pack-package.js';

/** The README's steps, as a user follows them. */
export interface QuickStart {
  /** The shell line under "Install" that installs the package from npm (the other names its git repository). */
  installLine: string;
  /** App files by path, for the AI SDK major they are written for. */
  files: Map<string, string>;
}

const FILE_NAME = /^\/\/ ((?:app|lib|components)\/[\w/.[\]-]+\.tsx?)(?: \(AI SDK (\d+)\))?$/;

/** The text between a `## heading` and the next `## ` heading. */
function section(text: string, heading: string): string {
  const start = text.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`README.md has no "## ${heading}" section`);
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

/** Reads the Install line and the Quick start files for one AI SDK major out of README.md. */
export function readQuickStart(
  aiMajor: number,
  readme: string = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8'),
): QuickStart {
  const install = parseMarkdown(section(readme, 'Install')).blocks.flatMap((block) =>
    block.code.split('\n').filter((line) => /^npm install\s/.test(line) && line.split(/\s+/).includes('todo-write')),
  );
  if (install.length !== 1) throw new Error(`README.md's Install section has ${install.length} install lines, not one`);
  const chosen = new Map<string, { major: number | undefined; code: string }>();
  const quickStart = section(readme, 'Quick start (Next.js App Router)');
  for (const block of parseMarkdown(quickStart).blocks) {
    const match = FILE_NAME.exec(block.code.split('\n')[0] ?? '');
    if (!match) continue;
    const [, path = '', majorText] = match;
    const major = majorText === undefined ? undefined : Number(majorText);
    if (major !== undefined && major !== aiMajor) continue;
    // A block for this major wins over the general one.
    if (major === undefined && chosen.get(path)?.major !== undefined) continue;
    chosen.set(path, { major, code: `${block.code}\n` });
  }
  return { installLine: install[0]!, files: new Map([...chosen].map(([path, { code }]) => [path, code])) };
}
