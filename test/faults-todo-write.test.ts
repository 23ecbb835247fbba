/**
 * Fault injection through the real pipeline: scripted model -> streamText (the real tool) -> UI
 * message stream -> readUIMessageStream (what the page shows), with a store that follows the
 * pattern docs/persistence.md recommends: the conversation saved at every step end and at the end,
 * the current list derived from it in the same write; `onWrite` keeps its own journal.
 *
 * Faults: writes that fail, throw after writing, hang past the stop or land after it, with seeded
 * random latency; parallel calls in one step; a Stop at every stage of a call. After each case the
 * page's list, the store's list and the list the model's next prompt implies are the same, every
 * accepted call's write is in the journal, and the writes of one step never overlapped or
 * landed out of call order.
 */
import {
  convertToModelMessages,
  generateText,
  isStepCount,
  readUIMessageStream,
  streamText,
  toUIMessageStream,
  type UIMessage,
} from 'ai';
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';
import { afterAll, describe, expect, it } from 'vitest';
import { createTodoWrite, readTodos, selectTodoState, type Todo, type TodoWriteOptions } from '../src/index.js';
import {
  finishChunk,
  scriptedModel,
  seededRandom,
  textChunks,
  todoCallChunks,
  type ScriptChunk,
  type ScriptStep,
} from './support/stream-todo-call.js';

type Row = Pick<Todo, 'content' | 'status'>;

/** What a write does: store and resolve; reject before storing; store then throw; hang; land after the stop. */
type WriteFault = 'ok' | 'fail' | 'throw-after-writing' | 'hang' | 'late-commit';
/** Where a Stop lands in the life of one call. */
type StopStage = 'streaming' | 'executing' | 'queued' | 'writing' | 'result-sent';
const STOP_STAGES: readonly StopStage[] = ['streaming', 'executing', 'queued', 'writing', 'result-sent'];

interface PlannedCall {
  toolCallId: string;
  input: { todos: unknown[] };
  valid: boolean;
  fault: WriteFault;
  latencyMs: number;
}

interface FaultCase {
  name: string;
  steps: PlannedCall[][];
  stop?: { stage: StopStage; toolCallId: string };
}

const TASKS = [
  'Read the login route',
  'Add a rate limiter',
  'Wire the limiter in',
  'Answer 429 with Retry-After',
  'Write the tests',
  'Run the suite',
  'Document the response',
  'Ship it',
];

/** A valid list: 1-6 tasks, at most one in_progress. */
function randomList(random: () => number): Row[] {
  const size = 1 + Math.floor(random() * 6);
  const start = Math.floor(random() * (TASKS.length - size + 1));
  const current = Math.floor(random() * (size + 1)) - 1;
  return TASKS.slice(start, start + size).map((content, index) => ({
    content,
    status:
      index < current ? 'completed' : index === current ? 'in_progress' : random() < 0.3 ? 'completed' : 'pending',
  }));
}

/** A list the tool rejects: a duplicate task or an unknown status. */
function invalidList(random: () => number): unknown[] {
  const list: unknown[] = randomList(random);
  return random() < 0.5 ? [...list, list[0]] : [...list, { content: 'Deploy', status: 'done' }];
}

/** A seeded case: 1-3 steps of 1-3 parallel calls, faults and latencies drawn per write, maybe one Stop. */
function randomCase(seed: number): FaultCase {
  const random = seededRandom(seed);
  let count = 0;
  const steps = Array.from({ length: 1 + Math.floor(random() * 3) }, () =>
    Array.from({ length: 1 + Math.floor(random() * 3) }, (): PlannedCall => {
      const valid = random() < 0.85;
      const roll = random();
      return {
        toolCallId: `call-${++count}`,
        input: { todos: valid ? randomList(random) : invalidList(random) },
        valid,
        fault: roll < 0.15 ? 'fail' : roll < 0.25 ? 'throw-after-writing' : 'ok',
        latencyMs: Math.floor(random() * 5),
      };
    }),
  );
  const faultCase: FaultCase = { name: `seed ${seed}`, steps };
  if (random() < 0.6) {
    const stage = STOP_STAGES[Math.floor(random() * STOP_STAGES.length)]!;
    const candidates = steps.flatMap((calls) =>
      calls.filter((call, index) => {
        if (stage === 'streaming' || stage === 'executing' || stage === 'result-sent') return true;
        if (stage === 'writing') return call.valid;
        return index > 0 && call.valid && calls[index - 1]!.valid;
      }),
    );
    const target = candidates[Math.floor(random() * candidates.length)];
    if (target !== undefined) {
      faultCase.stop = { stage, toolCallId: target.toolCallId };
      if (stage === 'writing')
        target.fault = (['ok', 'hang', 'late-commit', 'throw-after-writing'] as const)[seed % 4]!;
    }
  }
  return faultCase;
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((onResolve) => {
    resolve = onResolve;
  });
  return { promise, resolve };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The model's steps, with a gate where the Stop must land (released once it has). */
function scriptOf(faultCase: FaultCase, stopped: Promise<void>): ScriptStep[] {
  const gate: ScriptChunk = { type: 'gate', until: stopped };
  const { stop } = faultCase;
  const steps: ScriptStep[] = faultCase.steps.map((calls, stepIndex) => {
    const chunks: ScriptChunk[] = [];
    if (
      stop?.stage === 'result-sent' &&
      faultCase.steps[stepIndex - 1]?.some((c) => c.toolCallId === stop.toolCallId)
    ) {
      chunks.push(gate);
    }
    for (const [index, call] of calls.entries()) {
      const callChunks: LanguageModelV4StreamPart[] = todoCallChunks(call.toolCallId, call.input, {
        seed: stepIndex * 10 + index + 1,
      });
      if (stop?.toolCallId === call.toolCallId && stop.stage === 'streaming') {
        const middle = Math.max(2, Math.floor(callChunks.length / 2));
        chunks.push(...callChunks.slice(0, middle), gate, ...callChunks.slice(middle));
      } else if (stop?.toolCallId === call.toolCallId && stop.stage === 'executing') {
        chunks.push(...callChunks, gate);
      } else {
        chunks.push(...callChunks);
      }
    }
    return [...chunks, finishChunk('tool-calls')];
  });
  const last: ScriptChunk[] = [...textChunks('t-end', 'Done.'), finishChunk('stop')];
  if (stop?.stage === 'result-sent' && faultCase.steps.at(-1)?.some((c) => c.toolCallId === stop.toolCallId)) {
    last.unshift(gate);
  }
  return [...steps, last];
}

/** The store the docs recommend: the conversation is the source of truth, the list derived in the same write. */
class Store {
  messages: UIMessage[] = [];
  todos: Todo[] = [];
  /** What `onWrite` stored, by call, in commit order (calls it stored but the conversation never accepted included). */
  readonly journal = new Map<string, Row[]>();

  saveConversation(messages: readonly UIMessage[]): void {
    const copy = structuredClone([...messages]);
    this.messages = copy;
    this.todos = readTodos(copy);
  }
}

interface CaseReport {
  problems: string[];
  storeList: Row[];
  stopped: boolean;
  writes: number;
  orphans: number;
  faults: Record<WriteFault, number>;
}

const rows = (list: readonly Row[]): Row[] => list.map(({ content, status }) => ({ content, status }));
const describeRows = (list: readonly Row[]): string => JSON.stringify(rows(list));

/** Runs one case to its end (or its Stop), lets late writes land, and checks everything agrees. */
async function runCase(faultCase: FaultCase): Promise<CaseReport> {
  const store = new Store();
  const controller = new AbortController();
  const stopped = deferred();
  const stop = (): void => {
    if (controller.signal.aborted) return;
    controller.abort(new Error('Stopped by the user'));
    stopped.resolve();
  };
  const calls = new Map(faultCase.steps.flat().map((call) => [call.toolCallId, call]));
  const stepOf = new Map(faultCase.steps.flatMap((step, index) => step.map((call) => [call.toolCallId, index])));
  const events: { toolCallId: string; kind: 'start' | 'end' }[] = [];
  const faults: Record<WriteFault, number> = { ok: 0, fail: 0, 'throw-after-writing': 0, hang: 0, 'late-commit': 0 };
  const { stop: plannedStop } = faultCase;

  const onWrite: NonNullable<TodoWriteOptions['onWrite']> = async (todos, { toolCallId, abortSignal }) => {
    const call = calls.get(toolCallId)!;
    faults[call.fault]++;
    events.push({ toolCallId, kind: 'start' });
    try {
      if (plannedStop?.stage === 'writing' && plannedStop.toolCallId === toolCallId) stop();
      if (plannedStop?.stage === 'queued') {
        const step = faultCase.steps[stepOf.get(toolCallId)!]!;
        if (step[step.findIndex((c) => c.toolCallId === plannedStop.toolCallId) - 1]?.toolCallId === toolCallId) stop();
      }
      await sleep(call.latencyMs);
      switch (call.fault) {
        case 'fail':
          throw new Error('connection reset');
        case 'hang':
          await new Promise(() => {});
          return;
        case 'late-commit':
          // Ignores the signal: stores the list after the Stop, as a careless store would.
          await sleep(2);
          store.journal.set(toolCallId, rows(todos));
          return;
        case 'throw-after-writing':
          store.journal.set(toolCallId, rows(todos));
          throw new Error('stored, then the notification failed');
        case 'ok':
          // The recommended check: nothing is stored once the request was stopped.
          if (abortSignal?.aborted) throw new Error('stopped before commit');
          store.journal.set(toolCallId, rows(todos));
      }
    } finally {
      events.push({ toolCallId, kind: 'end' });
    }
  };

  const tools = { todo_write: createTodoWrite({ onWrite }) };
  const history: UIMessage[] = [{ id: 'user-1', role: 'user', parts: [{ type: 'text', text: 'Plan the work.' }] }];
  store.saveConversation(history);
  const model = scriptedModel(scriptOf(faultCase, stopped.promise));
  const result = streamText({
    model,
    tools,
    messages: await convertToModelMessages(history, { tools }),
    stopWhen: isStepCount(faultCase.steps.length + 1),
    abortSignal: controller.signal,
  });
  const stream = toUIMessageStream({
    stream: result.stream,
    tools,
    originalMessages: history,
    generateMessageId: () => 'assistant-1',
    onStepEnd: ({ messages }) => store.saveConversation(messages),
    onEnd: ({ messages }) => store.saveConversation(messages),
  });

  let shown: UIMessage | undefined;
  for await (const message of readUIMessageStream({ stream })) {
    shown = message;
    if (plannedStop === undefined || controller.signal.aborted) continue;
    const part = message.parts.find(
      (candidate) => candidate.type === 'tool-todo_write' && candidate.toolCallId === plannedStop.toolCallId,
    );
    const state = part !== undefined && 'state' in part ? part.state : undefined;
    if (
      (plannedStop.stage === 'streaming' && state === 'input-streaming') ||
      (plannedStop.stage === 'executing' && state === 'input-available') ||
      (plannedStop.stage === 'result-sent' && (state === 'output-available' || state === 'output-error'))
    ) {
      stop();
    }
  }
  // Writes that land after the Stop ('late-commit') land now.
  if ([...calls.values()].some((call) => call.fault === 'late-commit')) await sleep(10);

  const page = shown === undefined ? history : [...history, shown];
  const problems: string[] = [];
  const pageList = selectTodoState(page, { status: 'ready' }).todos;
  const storeList = store.todos;
  const modelList = readTodos(await convertToModelMessages(store.messages, { tools, ignoreIncompleteToolCalls: true }));
  const pageModelList = readTodos(await convertToModelMessages(page, { tools, ignoreIncompleteToolCalls: true }));
  if (describeRows(pageList) !== describeRows(storeList)) {
    problems.push(`page ${describeRows(pageList)} != store ${describeRows(storeList)}`);
  }
  if (describeRows(modelList) !== describeRows(storeList)) {
    problems.push(`next prompt ${describeRows(modelList)} != store ${describeRows(storeList)}`);
  }
  if (describeRows(pageModelList) !== describeRows(storeList)) {
    problems.push(`the page's next prompt ${describeRows(pageModelList)} != store ${describeRows(storeList)}`);
  }

  // Every call the page shows as accepted is accepted in the store, and its write is in the journal.
  const acceptedOn = (messages: readonly UIMessage[]): Map<string, unknown> =>
    new Map(
      messages.flatMap((message) =>
        message.parts.flatMap((part) =>
          part.type === 'tool-todo_write' && part.state === 'output-available' ? [[part.toolCallId, part.input]] : [],
        ),
      ),
    );
  const acceptedOnPage = acceptedOn(page);
  const acceptedInStore = acceptedOn(store.messages);
  for (const toolCallId of acceptedOnPage.keys()) {
    if (!acceptedInStore.has(toolCallId)) problems.push(`${toolCallId}: accepted on the page, missing in the store`);
  }
  for (const [toolCallId, input] of acceptedInStore) {
    const written = store.journal.get(toolCallId);
    const expected = rows((input as { todos: Row[] }).todos);
    if (written === undefined) problems.push(`${toolCallId}: accepted, but onWrite never stored it`);
    else if (describeRows(written) !== describeRows(expected))
      problems.push(`${toolCallId}: journal holds another list`);
    if (calls.get(toolCallId)?.fault !== 'ok') problems.push(`${toolCallId}: accepted although its write failed`);
  }
  if (!controller.signal.aborted) {
    for (const call of calls.values()) {
      const expected = call.valid && call.fault === 'ok';
      if (acceptedOnPage.has(call.toolCallId) !== expected)
        problems.push(`${call.toolCallId}: accepted should be ${expected}`);
    }
  }

  // The writes of one step never overlapped and started in call order.
  for (const [stepIndex, step] of faultCase.steps.entries()) {
    const ids = new Set(step.map((call) => call.toolCallId));
    const stepEvents = events.filter((event) => ids.has(event.toolCallId));
    const starts = stepEvents.filter((event) => event.kind === 'start').map((event) => event.toolCallId);
    const order = step.map((call) => call.toolCallId).filter((id) => starts.includes(id));
    if (starts.join() !== order.join())
      problems.push(`step ${stepIndex + 1}: writes started ${starts} (calls ${order})`);
    let running = 0;
    for (const event of stepEvents) {
      running += event.kind === 'start' ? 1 : -1;
      if (running > 1) problems.push(`step ${stepIndex + 1}: two writes ran at once`);
    }
  }

  const orphans = [...store.journal.keys()].filter((toolCallId) => !acceptedInStore.has(toolCallId)).length;
  return {
    problems,
    storeList: rows(storeList),
    stopped: controller.signal.aborted,
    writes: events.filter((event) => event.kind === 'start').length,
    orphans,
    faults,
  };
}

const totals = { cases: 0, stops: 0, writes: 0, orphans: 0, disagreed: 0 } as Record<string, number>;
const faultTotals: Record<WriteFault, number> = { ok: 0, fail: 0, 'throw-after-writing': 0, hang: 0, 'late-commit': 0 };

async function runAndCheck(faultCase: FaultCase): Promise<CaseReport> {
  const report = await runCase(faultCase);
  totals.cases!++;
  totals.writes! += report.writes;
  totals.orphans! += report.orphans;
  if (report.stopped) totals.stops!++;
  if (report.problems.length > 0) totals.disagreed!++;
  for (const [fault, count] of Object.entries(report.faults)) faultTotals[fault as WriteFault] += count;
  expect(report.problems, faultCase.name).toEqual([]);
  return report;
}

afterAll(() => {
  console.log(
    `todo_write fault cases: ${totals.cases} ran, ${totals.stops} stopped, ${totals.writes} writes ` +
      `(${faultTotals.fail} failed, ${faultTotals['throw-after-writing']} threw after writing, ${faultTotals.hang} hung, ` +
      `${faultTotals['late-commit']} landed after the stop; ${totals.orphans} stored but never accepted); ` +
      `${totals.disagreed} lost or disagreed`,
  );
});

const list = (...statuses: Todo['status'][]): Row[] =>
  statuses.map((status, index) => ({ content: TASKS[index]!, status }));
const call = (toolCallId: string, todos: Row[], fault: WriteFault = 'ok', latencyMs = 0): PlannedCall => ({
  toolCallId,
  input: { todos },
  valid: true,
  fault,
  latencyMs,
});

describe('todo_write under faults', () => {
  describe('a Stop at every stage of a call', () => {
    // Step 1 is accepted; step 2 makes two calls, the first slower; the Stop hits the second.
    const steps = (fault: WriteFault = 'ok'): PlannedCall[][] => [
      [call('call-1', list('in_progress', 'pending', 'pending'))],
      [
        call('call-2', list('completed', 'in_progress', 'pending'), 'ok', 4),
        call('call-3', list('completed', 'completed', 'in_progress'), fault),
      ],
    ];
    const cases: [StopStage, WriteFault][] = [
      ['streaming', 'ok'],
      ['executing', 'ok'],
      ['queued', 'ok'],
      ['writing', 'ok'],
      ['writing', 'hang'],
      ['writing', 'late-commit'],
      ['writing', 'throw-after-writing'],
      ['result-sent', 'ok'],
    ];
    it.each(cases)(
      'a Stop while the call is %s (its write: %s) leaves page, store and next prompt agreeing',
      async (stage, fault) => {
        const report = await runAndCheck({
          name: `${stage}/${fault}`,
          steps: steps(fault),
          stop: { stage, toolCallId: 'call-3' },
        });
        expect(report.stopped).toBe(true);
      },
    );

    it('drops the whole step in flight: a Stop while its last write hangs leaves an earlier list current', async () => {
      const report = await runAndCheck({
        name: 'writing/hang',
        steps: steps('hang'),
        stop: { stage: 'writing', toolCallId: 'call-3' },
      });
      expect([list('in_progress', 'pending', 'pending'), list('completed', 'in_progress', 'pending')]).toContainEqual(
        report.storeList,
      );
    });
  });

  describe('parallel calls in one step, writes of random latency', () => {
    it('stores the last call of the step, whichever write is slowest', async () => {
      const random = seededRandom(7);
      for (let round = 0; round < 20; round++) {
        const calls = Array.from({ length: 4 }, (_, index) =>
          call(
            `call-${index + 1}`,
            list(...Array.from({ length: index + 1 }, () => 'pending' as const)),
            'ok',
            Math.floor(random() * 6),
          ),
        );
        await runAndCheck({ name: `parallel round ${round}`, steps: [calls] });
      }
    });
  });

  describe('seeded random cases', () => {
    const seeds = Array.from({ length: 200 }, (_, index) => index + 1);
    it.each(seeds)('seed %i: nothing lost, nothing out of order, everyone agrees', async (seed) => {
      await runAndCheck(randomCase(seed));
    });
  });

  describe('outside streamText', () => {
    it('generateText returns at a Stop even while onWrite hangs', async () => {
      const controller = new AbortController();
      const tool = createTodoWrite({
        onWrite: () => {
          controller.abort(new Error('Stopped by the user'));
          return new Promise(() => {});
        },
      });
      const generating = new MockLanguageModelV4({
        doGenerate: async () => ({
          content: [
            {
              type: 'tool-call',
              toolCallId: 'call-1',
              toolName: 'todo_write',
              input: JSON.stringify({ todos: list('in_progress') }),
            },
          ],
          finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
          usage: {
            inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
            outputTokens: { total: 1, text: 1, reasoning: 0 },
          },
          warnings: [],
        }),
      });
      const outcome = await generateText({
        model: generating,
        tools: { todo_write: tool },
        prompt: 'Plan.',
        abortSignal: controller.signal,
      }).then(
        () => 'returned',
        () => 'rejected',
      );
      expect(['returned', 'rejected']).toContain(outcome);
    });
  });
});
