import { UI_MESSAGE_STREAM_HEADERS } from 'ai';
import { isChatId, loadActiveStreamId } from '@/lib/chat-store';
import { chatStreams } from '@/lib/chat-streams';

/**
 * `GET /api/chat/[id]/stream` (`useChat({ resume: true })` calls it on mount): the running answer
 * from its first chunk, then live; 204 when nothing runs or it cannot be resumed (no Redis).
 */
export async function GET(_request: Request, { params }: RouteContext<'/api/chat/[id]/stream'>): Promise<Response> {
  const { id } = await params;
  if (!isChatId(id)) return Response.json({ error: 'Invalid chat id' }, { status: 400 });
  const streamId = loadActiveStreamId(id);
  const stream = streamId === null ? undefined : await chatStreams()?.resume(streamId);
  if (stream === undefined) {
    if (streamId !== null && chatStreams() !== null) console.warn(`resume ${id}: stream ${streamId} not in Redis`);
    return new Response(null, { status: 204 });
  }
  return new Response(stream.pipeThrough(new TextEncoderStream()), { headers: UI_MESSAGE_STREAM_HEADERS });
}
