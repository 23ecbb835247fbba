import { createUIMessageStreamResponse } from 'ai';
import { readAnswer, startAnswer } from '@/lib/chat-answer';
import { readChatRequest } from '@/lib/read-chat-request';

/** What the page shows when the chat cannot take a request now. */
const REFUSALS = {
  busy: 'The agent is still answering. Wait for it, or stop it.',
  duplicate: 'This message is already stored.',
  answered: 'This plan was already answered, or is no longer waiting for review.',
} as const;

/**
 * `POST { id, message, review? }`: the chat id and the user's new message; or `{ id, approvals,
 * review? }`: the person's answers to the plans waiting for review (`{ id, approved, reason?, todos? }`,
 * `todos` a plan they edited: 400 with its problems when it breaks the tool's rules), written into
 * the stored calls.
 * The rest of the chat comes from the store, and the chat answers one request at a time (409 while
 * an answer runs, or once a plan has been answered). The answer is a workflow run
 * (`lib/answer-workflow.ts`): the response reads its stream, and the run goes on if the client leaves.
 */
export async function POST(request: Request): Promise<Response> {
  const chatRequest = await readChatRequest(request);
  if (!chatRequest.ok) {
    const { error, problems, status } = chatRequest;
    return Response.json(problems === undefined ? { error } : { error, problems }, { status });
  }
  const started = await startAnswer(chatRequest.chatId, chatRequest.input, chatRequest.review);
  if (!started.ok) return Response.json({ error: REFUSALS[started.reason] }, { status: 409 });
  return createUIMessageStreamResponse({ stream: readAnswer(started.run.runId) });
}
