import { isToolUIPart, type ToolUIPart, type UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { createSubagentToolRun, runSubagentToolTurn } from './support/subagent-tool.js';
import { textStep } from './support/stream-todo-call.js';

const prompt: UIMessage[] = [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Make tokens expire' }] }];

/** A part as one line: `|` for a step start, else `type id state`. */
const describeParts = (parts: UIMessage['parts']) =>
  parts.map((part) =>
    part.type === 'step-start'
      ? '|'
      : [part.type, isToolUIPart(part) ? part.toolCallId : '', 'state' in part ? part.state : ''].join(' '),
  );

const researchPart = (message: UIMessage) =>
  message.parts.find((part): part is ToolUIPart => isToolUIPart(part) && part.toolCallId === 'call_research');

/** The research part's output in each snapshot that has one, and whether it was preliminary there. */
const researchOutputs = (snapshots: UIMessage[]) =>
  snapshots.flatMap((snapshot) => {
    const part = researchPart(snapshot);
    return part?.state === 'output-available'
      ? [{ output: part.output as UIMessage, preliminary: part.preliminary }]
      : [];
  });

const subagentCall = (output: UIMessage) => output.parts.find(isToolUIPart);

async function firstTurn() {
  const run = createSubagentToolRun([textStep('Nothing left to do.')]);
  const turn = await runSubagentToolTurn(run, prompt);
  return { run, ...turn, final: turn.snapshots.at(-1)! };
}

describe("the AI SDK's subagent pattern: a tool that yields the subagent's message", () => {
  it("keeps the subagent's calls out of the main message, in every snapshot", async () => {
    const { snapshots, final } = await firstTurn();
    expect(describeParts(final.parts)).toEqual([
      '|',
      'tool-todo_write call_main_todo_1 output-available',
      '|',
      'tool-research call_research output-available',
      '|',
      'tool-todo_write call_main_todo_2 output-available',
      '|',
      'text  done',
    ]);
    for (const snapshot of snapshots)
      expect(snapshot.parts.filter((p) => isToolUIPart(p) && p.toolCallId.startsWith('call_sub'))).toEqual([]);
  });

  it('yields a whole UIMessage as each preliminary output, growing as the subagent streams', async () => {
    const { snapshots } = await firstTurn();
    const outputs = researchOutputs(snapshots)
      .filter(({ preliminary }) => preliminary)
      .map(({ output }) => output);
    expect(outputs.length).toBeGreaterThan(100);
    for (const output of outputs) expect(output).toMatchObject({ id: '', role: 'assistant', parts: expect.any(Array) });
    const counts = outputs.map((output) => output.parts.length);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    // The subagent's todo_write input streams too: a static tool part, partial input and all.
    expect(outputs[0]!.parts).toEqual([
      { type: 'step-start' },
      expect.objectContaining({ type: 'tool-todo_write', toolCallId: 'call_sub_todo_1', state: 'input-streaming' }),
    ]);
    expect(outputs.filter((output) => subagentCall(output)?.state === 'input-streaming').length).toBeGreaterThan(10);
  });

  it('ends with the last preliminary message as the output, no longer preliminary', async () => {
    const { run, snapshots, final } = await firstTurn();
    const outputs = researchOutputs(snapshots);
    const { output, preliminary } = outputs.at(-1)!;
    expect(researchPart(final)!.state).toBe('output-available');
    expect(preliminary).toBeUndefined();
    expect(output).toEqual(outputs.findLast((entry) => entry.preliminary)!.output);
    expect(describeParts(output.parts)).toEqual([
      '|',
      'tool-todo_write call_sub_todo_1 output-available',
      '|',
      'tool-todo_write call_sub_todo_2 output-available',
      '|',
      'tool-todo_write call_sub_todo_3 output-available',
      '|',
      'text  done',
    ]);
    expect((output.parts[5] as ToolUIPart).input).toEqual({ todos: run.subagentTodos });
    expect((final.parts[5] as ToolUIPart).input).toEqual({ todos: run.mainTodos });
  });

  it("shows the main model only the subagent's final text, this turn and the next", async () => {
    const { run, messages } = await firstTurn();
    const next: UIMessage = { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'Anything left?' }] };
    await runSubagentToolTurn(run, [...messages, next]);
    const researchResult = (call: number) =>
      run.main.doStreamCalls[call]!.prompt.flatMap((message) => (message.role === 'tool' ? message.content : [])).find(
        (content) => content.type === 'tool-result' && content.toolCallId === 'call_research',
      );
    for (const call of [2, 4])
      expect(researchResult(call)).toMatchObject({ output: { type: 'text', value: run.summary } });
  });
});
