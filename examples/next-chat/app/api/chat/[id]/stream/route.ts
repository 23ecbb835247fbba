import { createUIMessageStreamResponse } from 'ai';
import { readAnswer, startedAnswer } from '@/lib/chat-answer';
import { isChatId } from '@/lib/chat-store';

/**
 * `GET /api/chat/[id]/stream[?from=n]` (`useChat({ resume: true })` calls it on mount): the running
 * answer from its first chunk (or after the `n` a reader already has), then live; 204 when nothing runs. An answer whose run is still starting is waited for.
 */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  if (!isChatId(id)) return Response.json({ error: 'Invalid chat id' }, { status: 400 });
  const from = Number(new URL(request.url).searchParams.get('from') ?? 0);
  if (!Number.isSafeInteger(from) || from < 0) return Response.json({ error: 'Invalid `from`' }, { status: 400 });
  // A page loaded as the message was stored waits here for its run to start, instead of finding nothing.
  const answer = await startedAnswer(id);
  if (answer === null) return new Response(null, { status: 204 });
  return createUIMessageStreamResponse({ stream: readAnswer(answer.runId, from) });
}
