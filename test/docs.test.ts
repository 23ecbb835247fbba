/**
 * The docs cannot drift from the package: README.md, CONTRIBUTING.md and docs/*.md are read as
 * Markdown, and every relative link, anchor, code block and quoted text is checked against the
 * repository (markers: CONTRIBUTING.md, "Writing docs").
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStepCount, streamText } from 'ai';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTodoWrite, explainTodoDenials, type Todo, todoWrite, validateTodos } from '../src/index.js';
import { type CodeBlock, type MarkdownDocument, parseMarkdown } from './support/markdown.js';
import { scriptedModel, textStep, toolCallsStep } from './support/stream-todo-call.js';
import { approvedEditMessages } from './support/approved-edit-messages.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TYPE_CHECKED_LANGUAGES = new Set(['ts', 'tsx', 'typescript']);
const SHELL_LANGUAGES = new Set(['sh', 'bash', 'shell', 'console']);
/** The first line of a TypeScript block that is deliberately not a whole module. */
const FRAGMENT_MARKER = /^\/\/ fragment\b/;

interface Doc extends MarkdownDocument {
  /** Path from the repository root, with `/`. */
  path: string;
}

function readDocs(): Doc[] {
  const paths = [
    'README.md',
    'CONTRIBUTING.md',
    ...readdirSync(join(ROOT, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`),
  ];
  return paths.map((path) => ({ path, ...parseMarkdown(readFileSync(join(ROOT, path), 'utf8')) }));
}

const docs = readDocs();
const where = (doc: Doc, line: number): string => `${doc.path}:${line}`;

/** package.json's repository, as a web address: `https://github.com/<owner>/<name>`. */
const REPOSITORY = (
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { repository: { url: string } }
).repository.url
  .replace(/^git\+/, '')
  .replace(/\.git$/, '');
/** Addresses of files in the repository's default branch: pages, folders, raw files (images). */
const REPOSITORY_FILE_PREFIXES = [
  `${REPOSITORY}/blob/main/`,
  `${REPOSITORY}/tree/main/`,
  `${REPOSITORY.replace('https://github.com/', 'https://raw.githubusercontent.com/')}/main/`,
];

/** `/path#anchor` for an absolute address of a file in the repository (checked like a local link), else undefined. */
function repositoryPath(target: string): string | undefined {
  const prefix = REPOSITORY_FILE_PREFIXES.find((each) => target.startsWith(each));
  return prefix === undefined ? undefined : `/${target.slice(prefix.length)}`;
}

describe('the docs', () => {
  it('are the README, CONTRIBUTING.md and the pages under docs/', () => {
    expect(docs.map((doc) => doc.path)).toEqual(
      expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'docs/tool.md', 'docs/checklist.md', 'docs/vite.md']),
    );
  });

  it('link only to files that exist in a fresh clone, and to headings that exist', () => {
    const problems: string[] = [];
    const targets = new Map<string, string>();
    for (const doc of docs) {
      for (const { target: written, line } of doc.links) {
        // Absolute addresses into this repository are checked against the files here; others (https:, mailto:) are not checked offline.
        const target = repositoryPath(written) ?? written;
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
        const [rawPath = '', anchor] = target.split('#', 2) as [string, string | undefined];
        const path = decodeURIComponent(rawPath);
        const file =
          path === ''
            ? doc.path
            : path.startsWith('/')
              ? path.slice(1)
              : posix.normalize(posix.join(posix.dirname(doc.path), path));
        if (file.startsWith('..')) {
          problems.push(`${where(doc, line)}: ${target} points outside the repository`);
          continue;
        }
        if (!existsSync(join(ROOT, file))) {
          problems.push(`${where(doc, line)}: ${target}: no such file`);
          continue;
        }
        targets.set(file.replace(/\/$/, ''), `${where(doc, line)}: ${target}`);
        if (anchor === undefined) continue;
        if (!file.endsWith('.md') || statSync(join(ROOT, file)).isDirectory()) {
          problems.push(`${where(doc, line)}: ${target}: anchors only work on Markdown pages (line anchors drift)`);
          continue;
        }
        const anchors = docs.find((each) => each.path === file)?.anchors ?? markdownAnchors(file);
        if (!anchors.has(decodeURIComponent(anchor))) {
          problems.push(`${where(doc, line)}: ${target}: ${file} has no heading with the anchor #${anchor}`);
        }
      }
    }
    for (const file of gitIgnored([...targets.keys()])) {
      problems.push(`${targets.get(file)}: ${file} is ignored by git, so a fresh clone does not have it`);
    }
    expect(problems).toEqual([]);
  });

  it('in the README (also shown on the npm package page, without the repository around it), link and show images only by absolute addresses', () => {
    const readme = docs.find((doc) => doc.path === 'README.md')!;
    const relative = readme.links.filter(
      ({ target }) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'),
    );
    expect(relative.map(({ target, line }) => `README.md:${line}: ${target}`)).toEqual([]);
    const intoRepository = readme.links.filter(({ target }) => repositoryPath(target) !== undefined);
    expect(intoRepository.length).toBeGreaterThan(10);
    const otherRepositories = readme.links.filter(
      ({ target }) =>
        /^https:\/\/(github\.com|raw\.githubusercontent\.com)\//.test(target) && repositoryPath(target) === undefined,
    );
    expect(otherRepositories.map(({ target }) => target)).toEqual([]);
  });

  it('quote example files verbatim where a block says it is a copy (<!-- file: … --> or <!-- excerpt: … -->)', () => {
    const problems: string[] = [];
    for (const doc of docs) {
      for (const block of doc.blocks) {
        const marker = block.marker;
        if (marker?.kind !== 'file' && marker?.kind !== 'excerpt') continue;
        const path = join(ROOT, marker.value);
        if (!existsSync(path)) {
          problems.push(`${where(doc, block.line)}: quotes ${marker.value}, which does not exist`);
          continue;
        }
        const source = readFileSync(path, 'utf8');
        const isCopy = marker.kind === 'file' ? source.trimEnd() === block.code : source.includes(block.code);
        if (!isCopy) {
          problems.push(`${where(doc, block.line)}: its ${marker.kind} of ${marker.value} is not verbatim any more`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('have TypeScript blocks that type-check against the package source, as an app would import it', () => {
    const snippets = docs.flatMap((doc) =>
      doc.blocks
        .filter((block) => TYPE_CHECKED_LANGUAGES.has(block.lang) && block.marker === undefined)
        .filter((block) => !FRAGMENT_MARKER.test(block.code))
        .map((block) => snippetOf(doc, block)),
    );
    expect(snippets.length).toBeGreaterThan(5);
    expect(typeCheck(snippets)).toEqual([]);
  }, 60_000); // one TypeScript program over every block: seconds, more on a busy machine

  it('mark fragments sparingly: at most one TypeScript block in five', () => {
    const blocks = docs.flatMap((doc) => doc.blocks.filter((block) => TYPE_CHECKED_LANGUAGES.has(block.lang)));
    const fragments = blocks.filter((block) => FRAGMENT_MARKER.test(block.code));
    expect(fragments.length * 5).toBeLessThanOrEqual(blocks.length);
  });

  it('name every package a snippet imports in an npm install line of the same page, with the versions checked', () => {
    // Peers npm installs by itself with the packages that ask for them.
    const peers = new Set(['react', 'react-dom', 'zod']);
    const problems: string[] = [];
    for (const doc of docs) {
      const installed = new Set(
        doc.blocks
          .filter((block) => SHELL_LANGUAGES.has(block.lang))
          .flatMap((block) => block.code.split('\n'))
          .filter((line) => /^\s*npm install\s/.test(line))
          .flatMap((line) => line.trim().split(/\s+/).slice(2))
          .filter((word) => !word.startsWith('-'))
          .map((word) => word.replace(/(?<=.)@[^/]*$/, '')),
      );
      let importsPackages = false;
      for (const block of doc.blocks.filter((each) => TYPE_CHECKED_LANGUAGES.has(each.lang))) {
        for (const [, specifier] of block.code.matchAll(/\bfrom '([^'.@/][^']*|@[^'/]+\/[^']+)'/g)) {
          const name = specifier!.startsWith('@')
            ? specifier!.split('/').slice(0, 2).join('/')
            : specifier!.split('/')[0]!;
          if (name.startsWith('node:') || name === '@/components') continue;
          importsPackages = true;
          if (peers.has(name) || installed.has(name)) continue;
          problems.push(`${where(doc, block.line)}: imports ${name}, which no npm install line of ${doc.path} names`);
        }
      }
      if (importsPackages && !/[Cc]hecked with /.test(readFileSync(join(ROOT, doc.path), 'utf8')))
        problems.push(`${doc.path}: says which versions its snippets were checked with ("Checked with …")`);
    }
    expect([...new Set(problems)]).toEqual([]);
  });

  it('name only npm scripts that exist', () => {
    const problems: string[] = [];
    for (const doc of docs) {
      for (const block of doc.blocks.filter((each) => SHELL_LANGUAGES.has(each.lang))) {
        let directory = '.';
        block.code.split('\n').forEach((text, offset) => {
          const cd = /^\s*cd\s+(\S+)/.exec(text);
          if (cd) directory = posix.join(directory, cd[1]!);
          for (const [, script] of text.matchAll(/\bnpm run ([\w:.-]+)/g)) {
            if (!scriptsOf(directory).has(script!)) {
              problems.push(`${where(doc, block.line + offset)}: no script "${script}" in ${directory}/package.json`);
            }
          }
        });
      }
    }
    const prose = docs.map((doc) => readFileSync(join(ROOT, doc.path), 'utf8')).join('\n');
    for (const [, script] of prose.matchAll(/`npm run ([\w:.-]+)/g)) {
      if (!scriptsOf('.').has(script!)) problems.push(`\`npm run ${script}\` is not a script of package.json`);
    }
    expect(problems).toEqual([]);
  });
});

describe('the texts the model reads, as the docs quote them (<!-- generated: … -->)', () => {
  let generated: Record<string, string>;
  beforeAll(async () => {
    generated = await generateModelTexts();
  });

  it('match what the package produces today', () => {
    const quoted = docs.flatMap((doc) =>
      doc.blocks
        .filter((block) => block.marker?.kind === 'generated')
        .map((block) => ({ at: where(doc, block.line), name: block.marker!.value, code: block.code })),
    );
    for (const { at, name, code } of quoted) {
      expect(Object.keys(generated), `${at}: unknown generated text "${name}"`).toContain(name);
      expect(code, `${at}: "${name}" is out of date; replace the block with the text below`).toBe(generated[name]);
    }
  });

  it('are each quoted somewhere', () => {
    const quoted = new Set(
      docs.flatMap((doc) =>
        doc.blocks.flatMap((block) => (block.marker?.kind === 'generated' ? block.marker.value : [])),
      ),
    );
    expect(Object.keys(generated).filter((name) => !quoted.has(name))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Type-checking: one program for every block

interface Snippet {
  fileName: string;
  text: string;
  doc: string;
  line: number;
}

/** A block as a module of its own, in a folder of the repository (so `node_modules` resolves from it). */
function snippetOf(doc: Doc, block: CodeBlock): Snippet {
  const extension = block.lang === 'tsx' ? 'tsx' : 'ts';
  const name = `${doc.path.replace(/[^\w]/g, '_')}_${block.line}.${extension}`;
  const isModule = /^\s*(import|export)\s/m.test(block.code);
  return {
    fileName: join(ROOT, 'test', '.docs-snippets', name).replaceAll('\\', '/'),
    text: isModule ? block.code : `${block.code}\nexport {};\n`,
    doc: doc.path,
    line: block.line,
  };
}

/**
 * Compiles every snippet in one TypeScript program with the repository's compiler options, whose
 * `paths` map `todo-write` and `todo-write/react` to the sources. Returns `doc:line: message` per error.
 */
function typeCheck(snippets: Snippet[]): string[] {
  const configPath = join(ROOT, 'tsconfig.json');
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, dirname(configPath));
  // Snippets are app code for browsers, edge and Node alike: the DOM lib, no @types/node (which also halves the time).
  const options = { ...parsed.options, noEmit: true, types: [] };
  // What an app's bundler types declare for CSS (`vite/client`, `next-env.d.ts`), here only for the CSS the package exports.
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; exports: object };
  const stylesheet = {
    fileName: join(ROOT, 'test', '.docs-snippets', 'stylesheets.d.ts').replaceAll('\\', '/'),
    text: Object.keys(manifest.exports)
      .filter((entry) => entry.endsWith('.css'))
      .map((entry) => `declare module '${manifest.name}${entry.slice(1)}';\n`)
      .join(''),
    doc: 'stylesheets.d.ts',
    line: 1,
  };
  const byName = new Map([...snippets, stylesheet].map((snippet) => [snippet.fileName, snippet]));
  const host = ts.createCompilerHost(options, true);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (fileName, languageVersion, ...rest) => {
    const snippet = byName.get(fileName);
    if (snippet) return ts.createSourceFile(fileName, snippet.text, languageVersion, true);
    return getSourceFile.call(host, fileName, languageVersion, ...rest);
  };
  host.fileExists = (fileName) => byName.has(fileName) || fileExists.call(host, fileName);
  host.readFile = (fileName) => byName.get(fileName)?.text ?? readFile.call(host, fileName);

  const program = ts.createProgram([...byName.keys()], options, host);
  return snippets.flatMap((snippet) => {
    const sourceFile = program.getSourceFile(snippet.fileName)!;
    const diagnostics = [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)];
    return diagnostics.map((diagnostic) => {
      const line = diagnostic.start === undefined ? 0 : sourceFile.getLineAndCharacterOfPosition(diagnostic.start).line;
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
      return `${snippet.doc}:${snippet.line + line}: TS${diagnostic.code} ${message}`;
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Links and scripts

function markdownAnchors(file: string): Set<string> {
  return parseMarkdown(readFileSync(join(ROOT, file), 'utf8')).anchors;
}

/** The paths git ignores; none when git cannot tell (no repository). */
function gitIgnored(paths: string[]): string[] {
  const result = spawnSync('git', ['check-ignore', '--stdin'], {
    cwd: ROOT,
    input: paths.join('\n'),
    encoding: 'utf8',
  });
  if (result.status !== 0 && result.status !== 1) return [];
  return result.stdout.split('\n').filter(Boolean);
}

const scriptsByDirectory = new Map<string, Set<string>>();
function scriptsOf(directory: string): Set<string> {
  let scripts = scriptsByDirectory.get(directory);
  if (scripts === undefined) {
    const path = join(ROOT, directory, 'package.json');
    const manifest = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as { scripts?: object }) : {};
    scripts = new Set(Object.keys(manifest.scripts ?? {}));
    scriptsByDirectory.set(directory, scripts);
  }
  return scripts;
}

// ---------------------------------------------------------------------------------------------
// The texts the model reads, produced by the real tool through streamText

/** A list as an agent writes it mid-task. */
const PLAN: Todo[] = [
  { content: 'Reproduce the login bug', status: 'completed' },
  { content: 'Find where the session expires', status: 'completed' },
  { content: 'Fix the session check', status: 'in_progress' },
  { content: 'Add a regression test', status: 'pending' },
  { content: 'Run the whole suite', status: 'pending' },
];

/** The same list with the two mistakes models make most: a status of their own and two tasks at once. */
const MISTAKEN_PLAN = [
  { content: 'Reproduce the login bug', status: 'done' },
  { content: 'Find where the session expires', status: 'completed' },
  { content: 'Fix the session check', status: 'in_progress' },
  { content: 'Add a regression test', status: 'in_progress' },
  { content: 'Run the whole suite', status: 'pending' },
];

/** One input per rule, each breaking only that rule. */
const RULE_BREAKERS: unknown[] = [
  { todos: 'Fix the bug' },
  { todos: ['Fix the bug'] },
  { todos: [{ status: 'pending' }] },
  { todos: [{ content: '   ', status: 'pending' }] },
  { todos: [{ content: 'Update every call site of the old session API '.repeat(5).slice(0, 201), status: 'pending' }] },
  { todos: [{ content: 'Fix the bug' }] },
  { todos: [{ content: 'Fix the bug', status: 'done' }] },
  {
    todos: [
      { content: 'Run the build', status: 'pending' },
      { content: 'Run the build ', status: 'pending' },
    ],
  },
  {
    todos: [
      { content: 'Read the code', status: 'in_progress' },
      { content: 'Fix the bug', status: 'in_progress' },
    ],
  },
  { todos: Array.from({ length: 51 }, (_, index) => ({ content: `Step ${index + 1}`, status: 'pending' })) },
];

const tokens = (text: string): number => countTokens(text);

async function generateModelTexts(): Promise<Record<string, string>> {
  const planCall = JSON.stringify({ todos: PLAN });
  const model = scriptedModel([
    toolCallsStep([{ toolCallId: 'call-1', json: planCall }]),
    toolCallsStep([{ toolCallId: 'call-2', input: { todos: MISTAKEN_PLAN } }]),
    textStep('Done.'),
  ]);
  const result = streamText({
    model,
    tools: { todo_write: todoWrite },
    stopWhen: isStepCount(3),
    prompt: 'Fix the login bug.',
  });
  await result.consumeStream();

  const definition = model.doStreamCalls[0]?.tools?.[0];
  if (definition?.type !== 'function') throw new Error('todo_write was not sent as a function tool');
  const schema = JSON.stringify(definition.inputSchema);
  const descriptionTokens = tokens(definition.description ?? '');
  const schemaTokens = tokens(schema);
  const definitionTokens = tokens(definition.name) + descriptionTokens + schemaTokens;
  const resultText = JSON.stringify(toolOutput(model, 1, 'call-1'));
  const rejection = toolOutput(model, 2, 'call-2');
  if (typeof rejection !== 'string') throw new Error('the rejected call did not reach the model as text');

  const problems = RULE_BREAKERS.flatMap((input) => {
    const outcome = validateTodos(input);
    return outcome.valid ? [] : outcome.problems;
  });

  const failure = async (run: () => Promise<unknown>): Promise<string> => {
    try {
      await run();
    } catch (error) {
      return String(error);
    }
    throw new Error('expected the call to be rejected');
  };
  const execute = (tool: typeof todoWrite, options: object): Promise<unknown> =>
    Promise.resolve(tool.execute!({ todos: PLAN }, options as never));
  const aborted = new AbortController();
  aborted.abort();
  const failing = createTodoWrite({
    onWrite: () => {
      throw new Error('database is locked');
    },
  });
  const storing = createTodoWrite({ onWrite: () => {} });

  const call = JSON.stringify({ todos: PLAN.slice(0, 1) }).replace(/\]\}$/, ',…]}');
  const costs: [string, number][] = [
    ['tool definition (name, description, JSON schema), on every request', definitionTokens],
    ['  of which the description', descriptionTokens],
    ['  of which the JSON schema', schemaTokens],
    [`a call's arguments, ${PLAN.length} tasks (grows with every task, on every call)`, tokens(planCall)],
    ['a result', tokens(resultText)],
    ['the rejection above', tokens(rejection)],
  ];
  return {
    'model-sees': [
      `tool definition, every request   ${definitionTokens} tokens   name, description (${descriptionTokens}) and JSON schema (${schemaTokens})`,
      `each call: the whole list        ${tokens(planCall)} tokens    ${call} (${PLAN.length} tasks)`,
      `each result: only the counts     ${tokens(resultText)} tokens    ${resultText}`,
    ].join('\n'),
    'tool-description': definition.description ?? '',
    'input-schema': JSON.stringify(definition.inputSchema, null, 2),
    result: resultText,
    rejection,
    'token-costs': costs.map(([what, count]) => `${what.padEnd(72)}${String(count).padStart(4)}`).join('\n'),
    problems: problems.map((problem) => `- ${problem.message}`).join('\n'),
    ...(await reviewTexts()),
    ...(await editTexts()),
    'execute-errors': [
      await failure(() => execute(failing, { toolCallId: 'call-1', messages: [] })),
      await failure(() => execute(storing, { toolCallId: 'call-1', messages: [], abortSignal: aborted.signal })),
      await failure(() => execute(todoWrite, { messages: [] })),
    ].join('\n'),
  };
}

/**
 * What the model reads after the person answers a plan with "Request changes" (with and without a
 * reason) or with a new message: the denied results in the prompt of a real streamText run.
 */
async function reviewTexts(): Promise<Record<string, string>> {
  const reason = 'Also update the user documentation';
  const proposal = (id: string) => [
    { type: 'tool-call' as const, toolCallId: id, toolName: 'todo_write', input: { todos: PLAN } },
    { type: 'tool-approval-request' as const, approvalId: `approval-${id}`, toolCallId: id },
  ];
  const model = scriptedModel([textStep('Ok.')]);
  const result = streamText({
    model,
    tools: { todo_write: createTodoWrite({ review: 'first-plan' }) },
    messages: [
      { role: 'user', content: 'Fix the login bug.' },
      { role: 'assistant', content: proposal('call-1') },
      { role: 'user', content: 'Plan the session rework instead.' },
      { role: 'assistant', content: [...proposal('call-2'), ...proposal('call-3')] },
      {
        role: 'tool',
        content: [
          { type: 'tool-approval-response', approvalId: 'approval-call-2', approved: false, reason },
          { type: 'tool-approval-response', approvalId: 'approval-call-3', approved: false },
        ],
      },
    ],
    prepareStep: ({ messages }) => ({ messages: explainTodoDenials(messages) }),
    stopWhen: isStepCount(1),
  });
  await result.consumeStream();
  const denials = new Map<string, string>();
  for (const message of model.doStreamCalls[0]?.prompt ?? []) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type === 'tool-result' && part.output.type === 'execution-denied')
        denials.set(part.toolCallId, part.output.reason ?? '');
    }
  }
  const [withReason, withoutReason, superseded] = ['call-2', 'call-3', 'call-1'].map((id) => {
    const text = denials.get(id);
    if (text === undefined) throw new Error(`the model read no denial for ${id}`);
    return text;
  }) as [string, string, string];
  const rows: [string, number][] = [
    [`"Request changes" with a reason ("${reason}")`, tokens(withReason)],
    ['"Request changes" with no reason', tokens(withoutReason)],
    ['a new message instead of an answer', tokens(superseded)],
  ];
  return {
    'review-denied': withReason,
    'review-denied-without-reason': withoutReason,
    'review-superseded': superseded,
    'review-token-costs': rows.map(([what, count]) => `${what.padEnd(72)}${String(count).padStart(4)}`).join('\n'),
  };
}

/**
 * What the model reads after the person edits a waiting plan and approves it: the edited call's
 * result in the prompt of a real streamText run, and its tokens against the edited list's own.
 */
async function editTexts(): Promise<Record<string, string>> {
  const proposed: Todo[] = [
    { content: 'Reproduce the login bug', status: 'in_progress' },
    { content: 'Rewrite the session store', status: 'pending' },
    { content: 'Fix the session check', status: 'pending' },
  ];
  const edited: Todo[] = [
    { content: 'Add a failing test for the expired session', status: 'pending' },
    { content: 'Reproduce the login bug on staging', status: 'in_progress' },
    { content: 'Fix the session check', status: 'pending' },
  ];
  const model = scriptedModel([textStep('Ok.')]);
  const result = streamText({
    model,
    tools: { todo_write: createTodoWrite({ review: 'first-plan' }) },
    messages: approvedEditMessages('Fix the login bug.', proposed, edited),
    stopWhen: isStepCount(1),
  });
  await result.consumeStream();
  const read = JSON.stringify(toolOutput(model, 0, 'call-1'));
  const own = tokens(JSON.stringify({ todos: edited }));
  const rows: [string, number][] = [
    ['the edited list, as a call would send it', own],
    ['the result the model reads after the approved edit', tokens(read)],
    ['more than the list itself', tokens(read) - own],
  ];
  return {
    'review-edited': read,
    'review-edited-token-costs': rows
      .map(([what, count]) => `${what.padEnd(72)}${String(count).padStart(4)}`)
      .join('\n'),
  };
}

/** The output of a call as the model read it in the prompt of step `step` (0-based). */
function toolOutput(model: ReturnType<typeof scriptedModel>, step: number, toolCallId: string): unknown {
  const parts = (model.doStreamCalls[step]?.prompt ?? []).flatMap((message) =>
    message.role === 'tool' ? message.content : [],
  );
  const part = parts.find((each) => each.type === 'tool-result' && each.toolCallId === toolCallId);
  if (part?.type !== 'tool-result') throw new Error(`no result of ${toolCallId} in step ${step}`);
  if (part.output.type !== 'json' && part.output.type !== 'error-text') {
    throw new Error(`${toolCallId} reached the model as ${part.output.type}`);
  }
  return part.output.value;
}
