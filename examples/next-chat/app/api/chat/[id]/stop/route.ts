import { isChatId, loadActiveStreamId } from '@/lib/chat-store';
import { chatStreams } from '@/lib/chat-streams';
import { findRunningTurn } from '@/lib/chat-turn';

/**
 * `POST /api/chat/[id]/stop`: the Stop button. A resumable answer does not end when its client goes
 * away, so a Stop is a request of its own: to this process if it runs the answer, else through Redis.
 */
export async function POST(_request: Request, { params }: RouteContext<'/api/chat/[id]/stop'>): Promise<Response> {
  const { id } = await params;
  if (!isChatId(id)) return Response.json({ error: 'Invalid chat id' }, { status: 400 });
  const streamId = loadActiveStreamId(id);
  if (streamId === null) return Response.json({ stopped: false });
  const local = findRunningTurn(streamId);
  if (local !== undefined) {
    local.stop('stopped');
    return Response.json({ stopped: true });
  }
  const sent = (await chatStreams()?.requestStop(streamId)) ?? false;
  return Response.json({ stopped: sent }, { status: sent ? 200 : 503 });
}
