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
import { createTodoWrite } from 'todo-write';
import { chatModel } from '@/lib/chat-model';
import { isChatId, loadChat, saveChat, saveTodos } from '@/lib/chat-store';

const INSTRUCTIONS =
  'You are a coding agent. For work with more than two steps, first call todo_write with a short plan ' +
  '(the first task in_progress), then keep it current: one call per change, exactly one task in_progress.';

/** `POST { id, message }`: the chat id and the newest message; the rest of the chat comes from the store. */
export async function POST(request: Request): Promise<Response> {
  const { id, message } = (await request.json()) as { id?: unknown; message?: UIMessage };
  if (!isChatId(id)) return Response.json({ error: 'Invalid chat id' }, { status: 400 });

  // A tool per request: onWrite knows which conversation the accepted list belongs to.
  const tools = {
    todo_write: createTodoWrite({ onWrite: (todos) => saveTodos(id, todos) }),
  };
  const messages = await validateUIMessages<UIMessage>({ messages: [...loadChat(id), message], tools });

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
      // Save the whole conversation, the new assistant message included, when the response ends.
      onEnd: ({ messages }) => saveChat({ chatId: id, messages }),
    }),
  });
}
