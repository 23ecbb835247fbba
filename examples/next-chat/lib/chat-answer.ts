/**
 * The routes' side of an answer: claim the chat and start the workflow run that answers it, find
 * the run answering a chat now, and ask it to stop. Whether an answer still runs is the engine's
 * word (its run's status), never a lease of ours.
 */
import { generateId } from 'ai';
import { getRun, type Run, start } from 'workflow/api';
import { answerChat } from './answer-workflow';
import { beginAnswer, type ChatAnswer, endAnswer, loadAnswer, setAnswerRun } from './chat-store';
import type { ChatInput } from './read-chat-request';

/** How long a claim may wait for its run to start, in ms: a server that died in between frees the chat after it. */
const START_MS = 10_000;

/** True when the answer's run has ended (completed, failed or cancelled), or never started. */
export async function isAnswerOver(answer: ChatAnswer): Promise<boolean> {
  if (answer.runId === null) return Date.now() - answer.createdAt > START_MS;
  try {
    const status = await getRun(answer.runId).status;
    return status !== 'pending' && status !== 'running';
  } catch {
    // The engine does not know the run.
    return true;
  }
}

/** The answer running on the chat now, or `null`. */
export async function runningAnswer(chatId: string): Promise<ChatAnswer | null> {
  const answer = await loadAnswer(chatId);
  return answer !== null && !(await isAnswerOver(answer)) ? answer : null;
}

/** What {@link startAnswer} did: a run answering the chat, or why the chat cannot take the request now. */
export type StartAnswerResult = { ok: true; run: Run<void> } | { ok: false; reason: 'busy' | 'duplicate' | 'answered' };

/** Claims the chat for an answer to `input` (stored with the claim) and starts the run that produces it. */
export async function startAnswer(chatId: string, input: ChatInput, review: boolean): Promise<StartAnswerResult> {
  const turnId = generateId();
  const begun = await beginAnswer({ chatId, input, turnId, isOver: isAnswerOver });
  if (!begun.claimed) return { ok: false, reason: begun.reason };
  try {
    const run = await start(answerChat, [chatId, turnId, review]);
    await setAnswerRun(chatId, turnId, run.runId);
    return { ok: true, run };
  } catch (error) {
    await endAnswer(chatId, turnId);
    throw error;
  }
}
