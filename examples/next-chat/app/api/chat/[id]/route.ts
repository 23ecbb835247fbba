import { runningAnswer } from '@/lib/chat-answer';
import { isChatId, loadChat } from '@/lib/chat-store';

/**
 * `GET /api/chat/[id]`: the stored conversation, whether an answer runs on it now, and the message
 * that answer continues as it began (see `ChatAnswer.continues`); a page whose request was refused
 * shows this instead of what it had.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  if (!isChatId(id)) return Response.json({ error: 'Invalid chat id' }, { status: 400 });
  const [messages, answer] = await Promise.all([loadChat(id), runningAnswer(id)]);
  return Response.json(
    { messages, running: answer !== null, continuedMessage: answer?.continues ?? null },
    { headers: { 'cache-control': 'no-store' } },
  );
}
