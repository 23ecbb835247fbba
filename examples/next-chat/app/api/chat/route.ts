import {
  consumeStream,
  convertToModelMessages,
  createIdGenerator,
  createUIMessageStreamResponse,
  isStepCount,
  streamText,
  toUIMessageStream,
} from 'ai';
import { explainTodoDenials, todoReview, todoWrite } from 'todo-write';
import { chatModel } from '@/lib/chat-model';
import { chatStreams } from '@/lib/chat-streams';
import { openTurn } from '@/lib/chat-turn';
import { readChatRequest } from '@/lib/read-chat-request';

const INSTRUCTIONS =
  'You are a coding agent. For work with more than two steps, first call todo_write with a short plan ' +
  '(the first task in_progress), then keep it current: one call per change, exactly one task in_progress.';

/** The agent's tools. The plan has one writer: the agent's own todo_write calls, executed here. */
const tools = { todo_write: todoWrite };
/** With "Review plans" on, the first plan of each user request waits for the person's answer. */
const firstPlan = { todo_write: todoReview('first-plan') };

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
 * an answer runs, or once a plan has been answered).
 */
export async function POST(request: Request): Promise<Response> {
  const chatRequest = await readChatRequest(request);
  if (!chatRequest.ok) {
    const { error, problems, status } = chatRequest;
    return Response.json(problems === undefined ? { error } : { error, problems }, { status });
  }
  const opened = openTurn(chatRequest.chatId, chatRequest.input);
  if (!opened.ok) return Response.json({ error: REFUSALS[opened.reason] }, { status: 409 });
  const { turn } = opened;
  // With Redis the answer outlives its request (a reload resumes it); without, the request owns it.
  const streams = chatStreams();
  const resumable = (await streams?.isReady()) === true;

  try {
    const result = streamText({
      model: chatModel(turn.messages),
      instructions: INSTRUCTIONS,
      messages: await convertToModelMessages(turn.messages, { tools, ignoreIncompleteToolCalls: true }),
      tools,
      ...(chatRequest.review ? { toolApproval: firstPlan } : {}),
      // After "Request changes" the model reads the person's reason and sends the whole revised list.
      prepareStep: ({ messages }) => ({ messages: explainTodoDenials(messages) }),
      stopWhen: isStepCount(40),
      abortSignal: resumable ? turn.signal : AbortSignal.any([turn.signal, request.signal]),
    });

    return createUIMessageStreamResponse({
      stream: toUIMessageStream({
        stream: result.stream,
        tools,
        originalMessages: turn.messages,
        generateMessageId: createIdGenerator({ prefix: 'msg', size: 16 }),
        // Saved before the client hears a step has ended, and once more at the end (a Stop included):
        // a crash or restart loses at most the step in flight.
        onStepEnd: ({ messages }) => turn.save(messages),
        onEnd: ({ messages }) => turn.end(messages),
      }),
      // A copy of the SSE stream, read to its end whatever the client (or Redis) does, so the answer
      // always ends and releases the chat; with Redis, one more copy is kept there for resuming.
      async consumeSseStream({ stream }) {
        try {
          let copy = stream;
          if (streams !== null && resumable) {
            const [forRedis, forEnd] = stream.tee();
            copy = forEnd;
            void streams.publish({
              streamId: turn.streamId,
              stream: forRedis,
              onStop: () => turn.stop('stopped'),
              onLost: () => turn.stop('stream engine lost'),
            });
          }
          await consumeStream({ stream: copy });
        } finally {
          turn.end();
        }
      },
    });
  } catch (error) {
    turn.end();
    throw error;
  }
}
