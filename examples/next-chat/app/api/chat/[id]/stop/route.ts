import { runningAnswer } from '@/lib/chat-answer';
import { isChatId, requestStop } from '@/lib/chat-store';

/**
 * `POST /api/chat/[id]/stop`: the Stop button. An answer does not end when its client goes away, so a
 * Stop is a request of its own, to any server: the running step sees it in the store and ends the answer.
 */
export async function POST(_request: Request, { params }: RouteContext<'/api/chat/[id]/stop'>): Promise<Response> {
  const { id } = await params;
  if (!isChatId(id)) return Response.json({ error: 'Invalid chat id' }, { status: 400 });
  const answer = await runningAnswer(id);
  return Response.json({ stopped: answer !== null && (await requestStop(id, answer.turnId)) });
}
