import { createUIMessageStreamResponse } from 'ai';
import { readAnswer, startAnswer } from '@/lib/chat-answer';
import { storeUnavailable } from '@/lib/chat-database';
import { readChatRequest } from '@/lib/read-chat-request';

/** What the page shows when the chat cannot take a request now. */
const REFUSALS = {
  busy: 'The agent is still answering. Wait for it, or stop it.',
  duplicate: 'This message is already stored.',
  stale: 'This plan was already answered, or is no longer waiting for review.',
} as const;

/**
 * `POST { id, message, review? }`: the chat id and the user's new message; or `{ id, answers, review? }`:
 * the person's answers to the plans waiting for review, as `addToolApprovalResponse` wrote them on the
 * page (an edited plan in `reason`), written into the stored calls by `applyTodoAnswers` (400 with the
 * problems of an edit that breaks the tool's rules).
 * The rest of the chat comes from the store, and the chat answers one request at a time (409 while
 * an answer runs, or once a plan has been answered). The answer is a workflow run
 * (`lib/answer-workflow.ts`): the response reads its stream, and the run goes on if the client leaves.
 */
export async function POST(request: Request): Promise<Response> {
  const unavailable = storeUnavailable();
  if (unavailable !== undefined) return Response.json({ error: unavailable }, { status: 503 });
  const chatRequest = await readChatRequest(request);
  if (!chatRequest.ok) return Response.json({ error: chatRequest.error }, { status: chatRequest.status });
  const started = await startAnswer(chatRequest.chatId, chatRequest.input, chatRequest.review);
  if (started.ok) return createUIMessageStreamResponse({ stream: readAnswer(started.run.runId) });
  if (started.reason !== 'invalid') return Response.json({ error: REFUSALS[started.reason] }, { status: 409 });
  const problems = started.problems?.map((problem) => problem.message);
  return Response.json({ error: started.error, problems }, { status: 400 });
}
