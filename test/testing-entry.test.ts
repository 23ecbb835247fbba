// The built `todo-write/testing` entry as an app's own test uses it: a scripted agent through the real
// streamText pipeline, with the built tool, offline.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  convertToModelMessages,
  isStepCount,
  readUIMessageStream,
  streamText,
  toUIMessageStream,
  type UIMessage,
} from 'ai';
import { describe, expect, it } from 'vitest';
import { builtFile, DIST, ROOT } from './compat/dist-files.js';

/** The built entry (`npm test` builds first). */
const load = async <T>(file: string): Promise<T> => (await import(builtFile(file))) as T;

type Testing = typeof import('../src/testing.js');
type Index = typeof import('../src/index.js');

async function answer(
  model: ReturnType<Testing['createScriptedModel']>,
  tools: Record<string, Index['todoWrite']>,
  text: string,
) {
  const messages: UIMessage[] = [{ id: 'u1', role: 'user', parts: [{ type: 'text', text }] }];
  const result = streamText({
    model,
    messages: await convertToModelMessages(messages, { tools }),
    tools,
    stopWhen: isStepCount(40),
  });
  let last: UIMessage | undefined;
  for await (const message of readUIMessageStream({ stream: toUIMessageStream({ stream: result.stream, tools }) }))
    last = message;
  return [...messages, last!];
}

describe('todo-write/testing, built', () => {
  it('is an entry of the package, with its types, and imports no react', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      exports: Record<string, { types: string; default: string }>;
    };
    expect(manifest.exports['./testing']).toEqual({ types: './dist/testing.d.ts', default: './dist/testing.js' });
    expect(existsSync(join(DIST, 'testing.d.ts'))).toBe(true);
    expect(readFileSync(builtFile('testing.js'), 'utf8')).not.toMatch(/from\s*['"]react/);
  });

  it('plans with the built tool and finishes every task, through streamText', async () => {
    const { createScriptedModel, scenarios, SCENARIO_IDS } = await load<Testing>('testing.js');
    const { todoWrite, readTodos, countTodos } = await load<Index>('index.js');
    expect(SCENARIO_IDS).toContain('plan');
    const tools = { todo_write: todoWrite };
    const messages = await answer(
      createScriptedModel({ scenario: scenarios.plan, speed: Infinity }),
      tools,
      'Add dark mode',
    );
    const todos = readTodos(messages);
    expect(todos.length).toBeGreaterThan(2);
    expect(countTodos(todos)).toMatchObject({ pending: 0, in_progress: 0, completed: todos.length });
    // Every call went through the tool's execute: the scenario's one mistake refused, the rest accepted.
    const states = messages[1]!.parts.flatMap((part) => (part.type === 'tool-todo_write' ? [part.state] : []));
    expect(states.length).toBeGreaterThan(todos.length);
    expect(states.filter((state) => state !== 'output-available')).toEqual(['output-error']);
  });

  it('the rejected scenario stops at a call the tool refuses, and the last accepted list stands', async () => {
    const { createScriptedModel, scenarios } = await load<Testing>('testing.js');
    const { todoWrite, readTodos } = await load<Index>('index.js');
    const tools = { todo_write: todoWrite };
    const messages = await answer(createScriptedModel({ scenario: scenarios.rejected, speed: Infinity }), tools, 'go');
    const parts = messages[1]!.parts.filter((part) => part.type === 'tool-todo_write');
    expect(parts.at(-1)).toMatchObject({ state: 'output-error', errorText: expect.stringContaining('status') });
    const [first, second, ...rest] = readTodos(messages).map((todo) => todo.status);
    expect([first, second, new Set(rest)]).toEqual(['completed', 'in_progress', new Set(['pending'])]);
  });

  it('calls the tool by the name it is given', async () => {
    const { createScriptedModel, scenarios } = await load<Testing>('testing.js');
    const { createTodoWrite } = await load<Index>('index.js');
    const tools = { plan: createTodoWrite({ name: 'plan' }) };
    const model = createScriptedModel({ scenario: scenarios.plan, speed: Infinity, toolName: 'plan' });
    const messages = await answer(model, tools, 'Add dark mode');
    expect(messages[1]!.parts.some((part) => part.type === 'tool-plan')).toBe(true);
    expect(messages[1]!.parts.some((part) => part.type === 'tool-todo_write')).toBe(false);
  });
});
