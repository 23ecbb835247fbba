import { isStepCount, streamText } from 'ai';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it, vi } from 'vitest';
import { createTodoWrite, TODO_WRITE_DESCRIPTION, todoWrite, type Todo } from '../src/index.js';
import { scriptedModel, textStep, toolCallsStep } from './support/stream-todo-call.js';
import { EXPECTED_INPUT_SCHEMA } from './support/expected-input-schema.js';

const plan: Todo[] = [
  { content: 'Reproduce the bug', status: 'completed' },
  { content: 'Fix the session check', status: 'in_progress' },
  { content: 'Add a regression test', status: 'pending' },
];

/** Runs the scripted model through streamText with the tool until it answers; returns the model. */
/** One call of a step: the raw argument text the model writes. */
type ScriptedToolCall = { toolCallId: string; input: string; toolName?: string };

async function run(toolSteps: ScriptedToolCall[][], tool = todoWrite) {
  const model = scriptedModel([
    ...toolSteps.map((calls) => toolCallsStep(calls.map(({ input, ...call }) => ({ ...call, json: input })))),
    textStep('Done.'),
  ]);
  const result = streamText({
    model,
    tools: { todo_write: tool },
    stopWhen: isStepCount(toolSteps.length + 1),
    prompt: 'Fix the login bug.',
  });
  await result.consumeStream();
  return model;
}

/** The tool results in the prompt of step `index` (0-based). */
function toolResultsSentOnStep(model: Awaited<ReturnType<typeof run>>, index: number) {
  const prompt = model.doStreamCalls[index]?.prompt ?? [];
  return prompt.filter((message) => message.role === 'tool').flatMap((message) => message.content);
}

describe('todo_write through streamText', () => {
  it('sends the model a definition with the array of { content, status }, the three statuses and nothing extra', async () => {
    const model = await run([]);
    expect(model.doStreamCalls[0]?.tools).toEqual([
      {
        type: 'function',
        name: 'todo_write',
        description: TODO_WRITE_DESCRIPTION,
        inputSchema: EXPECTED_INPUT_SCHEMA,
      },
    ]);
  });

  it('sends strict: true with the same schema when created with strict, so a strict provider constrains the input', async () => {
    const model = await run([], createTodoWrite({ strict: true }));
    expect(model.doStreamCalls[0]?.tools).toEqual([
      {
        type: 'function',
        name: 'todo_write',
        description: TODO_WRITE_DESCRIPTION,
        inputSchema: EXPECTED_INPUT_SCHEMA,
        strict: true,
      },
    ]);
  });

  it('still rejects, with its own message, what a strict schema lets through (two tasks in_progress)', async () => {
    const input = JSON.stringify({
      todos: [
        { content: 'Fix the session check', status: 'in_progress' },
        { content: 'Add a regression test', status: 'in_progress' },
      ],
    });
    const model = await run([[{ toolCallId: 'call-1', input }]], createTodoWrite({ strict: true }));
    const [result] = toolResultsSentOnStep(model, 1);
    if (result?.type !== 'tool-result' || result.output.type !== 'error-text') throw new Error('no rejection was sent');
    expect(result.output.value).toContain('are both in_progress; at most one task may be in_progress at a time.');
  });

  it('keeps the definition small: description plus JSON schema as sent within 160 o200k tokens, a result within 15', async () => {
    const model = await run([[{ toolCallId: 'call-1', input: JSON.stringify({ todos: plan }) }]]);
    const sent = model.doStreamCalls[0]?.tools?.[0];
    if (sent?.type !== 'function') throw new Error('todo_write was not sent as a function tool');
    const definitionTokens = countTokens(sent.description ?? '') + countTokens(JSON.stringify(sent.inputSchema));
    expect(definitionTokens).toBeLessThanOrEqual(160);
    const [result] = toolResultsSentOnStep(model, 1);
    if (result?.type !== 'tool-result' || result.output.type !== 'json') throw new Error('no JSON result was sent');
    expect(countTokens(JSON.stringify(result.output.value))).toBeLessThanOrEqual(15);
  });

  describe('when a call is accepted', () => {
    it('puts exactly the counts into the next prompt and calls onWrite once', async () => {
      const onWrite = vi.fn();
      const model = await run(
        [[{ toolCallId: 'call-1', input: JSON.stringify({ todos: plan }) }]],
        createTodoWrite({ onWrite }),
      );
      expect(toolResultsSentOnStep(model, 1)).toEqual([
        {
          type: 'tool-result',
          toolCallId: 'call-1',
          toolName: 'todo_write',
          output: { type: 'json', value: { pending: 1, in_progress: 1, completed: 1 } },
        },
      ]);
      expect(onWrite).toHaveBeenCalledTimes(1);
      expect(onWrite.mock.calls[0]?.[0]).toEqual(plan);
      expect(onWrite.mock.calls[0]?.[1]).toMatchObject({ toolCallId: 'call-1' });
      expect(onWrite.mock.calls[0]?.[1].messages).toEqual([{ role: 'user', content: 'Fix the login bug.' }]);
    });

    it('accepts todos sent as a JSON string and keeps the parsed list in the history', async () => {
      const onWrite = vi.fn();
      const model = await run(
        [[{ toolCallId: 'call-1', input: JSON.stringify({ todos: JSON.stringify(plan) }) }]],
        createTodoWrite({ onWrite }),
      );
      expect(toolResultsSentOnStep(model, 1)[0]).toMatchObject({
        output: { type: 'json', value: { pending: 1, in_progress: 1, completed: 1 } },
      });
      expect(onWrite.mock.calls[0]?.[0]).toEqual(plan);
      const call = model.doStreamCalls[1]?.prompt.find((message) => message.role === 'assistant')?.content;
      expect(call).toEqual([
        { type: 'tool-call', toolCallId: 'call-1', toolName: 'todo_write', input: { todos: plan } },
      ]);
    });
  });

  describe('when a call is rejected', () => {
    it('puts the error text into the next prompt and never calls onWrite', async () => {
      const onWrite = vi.fn();
      const todos = [
        { content: 'Fix it', status: 'in_progress' },
        { content: 'Fix it', status: 'in_progress' },
      ];
      const model = await run(
        [[{ toolCallId: 'call-1', input: JSON.stringify({ todos }) }]],
        createTodoWrite({ onWrite }),
      );
      expect(toolResultsSentOnStep(model, 1)).toEqual([
        {
          type: 'tool-result',
          toolCallId: 'call-1',
          toolName: 'todo_write',
          output: {
            type: 'error-text',
            value: [
              'Error: Nothing was saved. Fix these problems, then send the whole corrected list again (every task, not only the changed ones):',
              '- Items 1 and 2 have the same content ("Fix it"); make each task distinct.',
              '- Items 1 ("Fix it") and 2 ("Fix it") are both in_progress; at most one task may be in_progress at a time.',
            ].join('\n'),
          },
        },
      ]);
      expect(onWrite).not.toHaveBeenCalled();
    });

    it("answers an unknown status with the tool's own message, not an echo of the whole input", async () => {
      const todos = [...plan, { content: 'Deploy', status: 'done' }];
      const model = await run([[{ toolCallId: 'call-1', input: JSON.stringify({ todos }) }]]);
      expect(toolResultsSentOnStep(model, 1)[0]).toMatchObject({
        output: {
          type: 'error-text',
          value:
            'Error: Nothing was saved. Fix these problems, then send the whole corrected list again (every task, not only the changed ones):\n' +
            '- Item 4 ("Deploy") has status "done"; use pending, in_progress or completed.',
        },
      });
    });

    it('tells the model the list was not saved when onWrite throws', async () => {
      const tool = createTodoWrite({
        onWrite: () => {
          throw new Error('disk full');
        },
      });
      const model = await run([[{ toolCallId: 'call-1', input: JSON.stringify({ todos: plan }) }]], tool);
      expect(toolResultsSentOnStep(model, 1)[0]).toMatchObject({
        output: {
          type: 'error-text',
          value:
            'Error: Nothing was saved: the list passed every check, but storing it failed on the server. Send the whole list again to retry.',
        },
      });
    });
  });

  describe('over several steps', () => {
    it('runs onWrite once per accepted call: rejected, then corrected, then two in parallel', async () => {
      const onWrite = vi.fn();
      const rejected = [{ content: '', status: 'pending' }];
      const started = plan.map((todo) => ({ ...todo, status: 'pending' as const }));
      const model = await run(
        [
          [{ toolCallId: 'call-1', input: JSON.stringify({ todos: rejected }) }],
          [{ toolCallId: 'call-2', input: JSON.stringify({ todos: started }) }],
          [
            { toolCallId: 'call-3', input: JSON.stringify({ todos: plan }) },
            { toolCallId: 'call-4', input: JSON.stringify({ todos: [] }) },
          ],
        ],
        createTodoWrite({ onWrite }),
      );
      expect(onWrite.mock.calls.map(([todos, { toolCallId }]) => [toolCallId, todos])).toEqual([
        ['call-2', started],
        ['call-3', plan],
        ['call-4', []],
      ]);
      expect(
        toolResultsSentOnStep(model, 3).map((part) =>
          part.type === 'tool-result' ? [part.toolCallId, part.output.type] : [],
        ),
      ).toEqual([
        ['call-1', 'error-text'],
        ['call-2', 'json'],
        ['call-3', 'json'],
        ['call-4', 'json'],
      ]);
    });
  });
});
