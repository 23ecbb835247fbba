import { stopAnswer } from '@/lib/chat-answer';
import { isChatId } from '@/lib/chat-store';

/**
 * `POST /api/chat/[id]/stop`: the Stop button. An answer does not end when its client goes away, so a
 * Stop is a request of its own, to any server: the running step sees it in the store and ends the answer
 * (a run whose server died is cancelled).
 */
export async function POST(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  if (!isChatId(id)) return Response.json({ error: 'Invalid chat id' }, { status: 400 });
  return Response.json({ stopped: await stopAnswer(id) });
}
