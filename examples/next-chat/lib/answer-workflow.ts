/**
 * One answer of the agent as a durable workflow run: each model step (one model call and the
 * tools it calls) is a workflow step that streams its chunks into the run's stream and stores the
 * conversation when it ends. A server that dies mid-step loses only that step: the engine runs it
 * again on whichever server picks the run up, and finished steps are not run again (see
 * `engine-workarounds.ts` for what a page reading the stream sees then).
 */
import {
  convertToModelMessages,
  isToolUIPart,
  streamText,
  toUIMessageStream,
  type UIMessage,
  type UIMessageChunk,
} from 'ai';
import { explainTodoDenials, todoReview, todoWrite } from 'todo-write';
import { getStepMetadata, getWorkflowMetadata, getWritable } from 'workflow';
import { RUN_FAILED, type RunChunk, type StepRun } from './engine-workarounds';
import { chatModel } from './chat-model';
import { endAnswer, loadTurn, saveStep, seeStop, setAnswerRun, type TurnState } from './chat-store';

const INSTRUCTIONS =
  'You are a coding agent. For work with more than two steps, first call todo_write with a short plan ' +
  '(the first task in_progress), then keep it current: one call per change, exactly one task in_progress.';

/** The agent's tools. The plan has one writer: the agent's own todo_write calls, executed here. */
const tools = { todo_write: todoWrite };
/** With "Review plans" on, the first plan of each user request waits for the person's answer. */
const firstPlan = { todo_write: todoReview('first-plan') };

/** The most model steps one answer takes. */
const MAX_STEPS = 40;
/** How often a running step looks for a Stop, in ms. */
const STOP_POLL_MS = 250;

/** The answer to the turn `beginAnswer` claimed: model steps until the model is done, then the chat is released. */
export async function answerChat(chatId: string, turnId: string, review: boolean): Promise<void> {
  'use workflow';
  let failed = true;
  try {
    for (let step = 0; step < MAX_STEPS; step += 1) {
      if (!(await answerStep(chatId, turnId, step, review))) break;
    }
    failed = false;
  } finally {
    await finishAnswer(chatId, turnId, failed);
  }
}

/** Model step `step` of the answer; `true` when the model asked for another (it called tools and has their results). */
async function answerStep(chatId: string, turnId: string, step: number, review: boolean): Promise<boolean> {
  'use step';
  const turn = await loadTurn(chatId, turnId);
  if (turn === null || turn.stopRequested) return false;
  // The route records the run too, but its server may die between starting the run and recording it.
  if (step === 0) await setAnswerRun(chatId, turnId, getWorkflowMetadata().workflowRunId);
  // Stored by an earlier run of this step that did not live to report it.
  if (turn.stepsSaved > step) return goesOn(turn, step);

  const stop = new AbortController();
  const by = stepRun(step);
  const writer = getWritable<RunChunk>().getWriter();
  let poll: ReturnType<typeof setInterval> | undefined;
  try {
    poll = setInterval(() => {
      seeStop(chatId, turnId).then(
        (stopped) => stopped && stop.abort('stopped'),
        () => {},
      );
    }, STOP_POLL_MS);
    const result = streamText({
      model: chatModel(turn.messages),
      instructions: INSTRUCTIONS,
      messages: await convertToModelMessages(turn.messages, { tools, ignoreIncompleteToolCalls: true }),
      tools,
      ...(review ? { toolApproval: firstPlan } : {}),
      // After "Request changes" the model reads the person's reason and sends the whole revised list.
      prepareStep: ({ messages }) => ({ messages: explainTodoDenials(messages) }),
      abortSignal: stop.signal,
    });
    let messages: UIMessage[] = turn.messages;
    const chunks = toUIMessageStream({
      stream: result.stream,
      tools,
      originalMessages: turn.messages,
      // One id per answer, so a step run again continues the same message.
      generateMessageId: () => `msg-${turnId}`,
      sendStart: step === 0,
      sendFinish: false,
      onEnd: (end) => {
        messages = end.messages;
      },
    });
    let seq = 0;
    for await (const chunk of chunks) await writer.write({ by, seq: seq++, chunk });
    const more =
      !stop.signal.aborted &&
      (await Promise.resolve(result.finishReason).catch(() => 'other')) === 'tool-calls' &&
      !isWaiting(messages.at(-1));
    if (await saveStep({ chatId, turnId, step, messages, more })) return more;
    // Another run of this step stored it first: the answer goes on as that run said.
    const stored = await loadTurn(chatId, turnId);
    return stored !== null && goesOn(stored, step);
  } finally {
    clearInterval(poll);
    writer.releaseLock();
  }
}

/** Whether the answer goes on after step `step`, as the store has it once that step is saved. */
function goesOn(turn: TurnState, step: number): boolean {
  return turn.stepsSaved > step + 1 || turn.more;
}

/** This run of step `step`, as its chunks name it (see `engine-workarounds.ts`). */
function stepRun(step: number): StepRun {
  return { id: crypto.randomUUID(), step, attempt: getStepMetadata().attempt };
}

/** True when the message ends its step with a call waiting for the person's review. */
function isWaiting(message: UIMessage | undefined): boolean {
  return message?.parts.some((part) => isToolUIPart(part) && part.state === 'approval-requested') ?? false;
}

/**
 * Releases the chat, then ends the run's stream (with an error first when a step failed for good):
 * a page that hears the end finds the chat free.
 */
async function finishAnswer(chatId: string, turnId: string, failed: boolean): Promise<void> {
  'use step';
  await endAnswer(chatId, turnId);
  const writer = getWritable<RunChunk>().getWriter();
  try {
    const by = stepRun(MAX_STEPS);
    const end: UIMessageChunk[] = failed
      ? [{ type: 'error', errorText: RUN_FAILED }, { type: 'finish' }]
      : [{ type: 'finish' }];
    for (const [seq, chunk] of end.entries()) await writer.write({ by, seq, chunk });
    await writer.close();
  } catch {
    // Closed by an earlier run of this step.
  }
}
