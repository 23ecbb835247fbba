import {
  convertToModelMessages,
  createIdGenerator,
  createUIMessageStreamResponse,
  isStepCount,
  streamText,
  toUIMessageStream,
  validateUIMessages,
  type UIMessage,
} from 'ai';
import { todoWrite } from 'todo-write';
import { chatModel } from '@/lib/chat-model';
import { isChatId, loadChat, saveChat } from '@/lib/chat-store';

const INSTRUCTIONS =
  'You are a coding agent. For work with more than two steps, first call todo_write with a short plan ' +
  '(the first task in_progress), then keep it current: one call per change, exactly one task in_progress.';

/** `POST { id, message }`: the chat id and the newest message; the rest of the chat comes from the store. */
export async function POST(request: Request): Promise<Response> {
  const { id, message } = (await request.json()) as { id?: unknown; message?: UIMessage };
  if (!isChatId(id)) return Response.json({ error: 'Invalid chat id' }, { status: 400 });

  // No onWrite: the list is stored with the conversation that accepted it (saveChat).
  const tools = { todo_write: todoWrite };
  const messages = await validateUIMessages<UIMessage>({ messages: [...loadChat(id), message], tools });
  saveChat({ chatId: id, messages });

  const result = streamText({
    model: chatModel(messages),
    instructions: INSTRUCTIONS,
    messages: await convertToModelMessages(messages, { tools, ignoreIncompleteToolCalls: true }),
    tools,
    stopWhen: isStepCount(40),
    abortSignal: request.signal,
  });

  return createUIMessageStreamResponse({
    stream: toUIMessageStream({
      stream: result.stream,
      tools,
      originalMessages: messages,
      generateMessageId: createIdGenerator({ prefix: 'msg', size: 16 }),
      // Saved before the client hears a step has ended, and once more at the end (a Stop included):
      // a crash or restart loses at most the step in flight.
      onStepEnd: ({ messages }) => saveChat({ chatId: id, messages }),
      onEnd: ({ messages }) => saveChat({ chatId: id, messages }),
    }),
  });
}
