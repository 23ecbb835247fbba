/**
 * The routes' side of an answer: claim the chat and start the workflow run that answers it, read
 * its stream, find the run answering a chat now, and stop it. Whether an answer still runs is the
 * engine's word (its run's status), never a lease of ours.
 */
import { generateId, readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import { getRun, type Run, start } from 'workflow/api';
import { WorkflowRunNotFoundError } from 'workflow/internal/errors';
import { followedSoFar, followNewestStepRun, isRunActive, type RunChunk, untilRunEnds } from './engine-workarounds';
import { answerChat } from './answer-workflow';
import { readSoFar } from './read-so-far';
import {
  beginAnswer,
  type ChatAnswer,
  type ChatRefusal,
  endAnswer,
  isStopSeen,
  loadAnswer,
  loadChat,
  requestStop,
  setAnswerRun,
} from './chat-store';
import type { ChatInput } from './read-chat-request';

/** How long a claim may wait for its run to start, in ms: a server that died in between frees the chat after it. */
const START_MS = 10_000;

/** True when the answer's run has ended (completed, failed or cancelled), or never started. */
export async function isAnswerOver(answer: ChatAnswer): Promise<boolean> {
  if (answer.runId === null) return Date.now() - answer.createdAt > START_MS;
  try {
    const status = await getRun(answer.runId).status;
    return !isRunActive(status);
  } catch (error) {
    // A run the engine does not know (its data was removed) is over; an engine that cannot answer is an error.
    if (WorkflowRunNotFoundError.is(error)) return true;
    throw error;
  }
}

/** The answer running on the chat now, or `null`. */
export async function runningAnswer(chatId: string): Promise<ChatAnswer | null> {
  const answer = await loadAnswer(chatId);
  return answer !== null && !(await isAnswerOver(answer)) ? answer : null;
}

/** How often a reader looks again for the run of an answer that is still starting, in ms. */
const START_POLL_MS = 100;

/** The answer running on the chat now, once its run has started (a claim still starting is waited for), or `null`. */
export async function startedAnswer(chatId: string): Promise<(ChatAnswer & { runId: string }) | null> {
  for (;;) {
    const answer = await runningAnswer(chatId);
    if (answer === null) return null;
    if (answer.runId !== null) return { ...answer, runId: answer.runId };
    await new Promise((resolve) => setTimeout(resolve, START_POLL_MS));
  }
}

/** A chat as a page shows it now: the stored conversation with the running answer as far as its stream got. */
export interface LiveChat {
  messages: UIMessage[];
  /** The answer running on the chat, or `null`. */
  answer: ChatAnswer | null;
  /** How many chunks of the answer's stream `messages` hold: a page replaying the answer has caught up after these. */
  chunks: number;
}

/**
 * The stored conversation, and the answer running on it with what its stream holds so far: steps are
 * stored as they end, so the stored message alone is behind the one a page following the answer shows.
 */
export async function loadLiveChat(chatId: string): Promise<LiveChat> {
  const [stored, answer] = await Promise.all([loadChat(chatId), runningAnswer(chatId)]);
  if (answer?.runId == null) return { messages: stored, answer, chunks: 0 };
  const chunks = followedSoFar(await readStoredChunks(answer.runId));
  let live: UIMessage | undefined;
  const replay = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  // From the message as the answer began: empty, or a copy of the stored message it continues (the SDK
  // writes into the message it is given, and the page still needs it as it began).
  const began = answer.continues === null ? undefined : structuredClone(answer.continues);
  for await (const message of readUIMessageStream({ message: began, stream: replay })) {
    live = message;
  }
  if (live === undefined) return { messages: stored, answer, chunks: 0 };
  const at = stored.findIndex((message) => message.id === live.id);
  const messages = at === -1 ? [...stored, live] : [...stored.slice(0, at), live, ...stored.slice(at + 1)];
  return { messages, answer, chunks: chunks.length };
}

/** How long a page's render waits for the next of the chunks a run's stream holds, in ms: past it, the page shows what it read. */
const READ_STORED_MS = 2_000;

/** The chunks the run's stream holds now: its stream goes on, so this stops at what was there. */
async function readStoredChunks(runId: string): Promise<RunChunk[]> {
  const readable = getRun(runId).getReadable<RunChunk>();
  return readSoFar(readable, (await readable.getTailIndex()) + 1, READ_STORED_MS);
}

/** What {@link startAnswer} did: a run answering the chat, or why the chat cannot take the request. */
export type StartAnswerResult = { ok: true; run: Run<void> } | ({ ok: false } & ChatRefusal);

/** Claims the chat for an answer to `input` (stored with the claim) and starts the run that produces it. */
export async function startAnswer(chatId: string, input: ChatInput, review: boolean): Promise<StartAnswerResult> {
  const turnId = generateId();
  const begun = await beginAnswer({ chatId, input, turnId, isOver: isAnswerOver });
  if (!begun.claimed) return { ...begun, ok: false };
  try {
    const run = await start(answerChat, [chatId, turnId, review]);
    await setAnswerRun(chatId, turnId, run.runId);
    return { ok: true, run };
  } catch (error) {
    await endAnswer(chatId, turnId);
    throw error;
  }
}

/**
 * The page's stream of the run after the `from` chunks it already has: the newest run of each step,
 * ending when the run does. It is read from its first chunk, since a step run again makes the page's
 * count differ from the stream's.
 */
export function readAnswer(runId: string, from = 0): ReadableStream<UIMessageChunk> {
  const run = getRun(runId);
  return untilRunEnds(run.getReadable<RunChunk>(), () => run.status).pipeThrough(followNewestStepRun(from));
}

/** How long a Stop waits for a running step to see it, in ms, before it cancels the run. */
const STOP_GRACE_MS = 5_000;

/**
 * Stops the answer running on the chat. A running step sees the Stop within a poll, says so, and
 * ends the answer with what it has; when no step says so within {@link STOP_GRACE_MS} and the run
 * goes on, no server is running it (its server died, or it waits between steps) and it is cancelled:
 * the steps stored before stay. `false` when nothing was running.
 */
export async function stopAnswer(chatId: string): Promise<boolean> {
  const answer = await runningAnswer(chatId);
  if (answer === null || !(await requestStop(chatId, answer.turnId))) return false;
  // A run not started yet finds the Stop as its first step begins.
  if (answer.runId === null) return true;
  const deadline = Date.now() + STOP_GRACE_MS;
  while (Date.now() < deadline) {
    if ((await isStopSeen(chatId, answer.turnId)) || (await isAnswerOver(answer))) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  try {
    await getRun(answer.runId).cancel();
  } catch (error) {
    // It ended by itself meanwhile.
    if (!(await isAnswerOver(answer))) throw error;
  }
  await endAnswer(chatId, answer.turnId);
  return true;
}
