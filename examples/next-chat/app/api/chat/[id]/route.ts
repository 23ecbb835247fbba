import { isChatId, loadActiveStreamId, loadChat, loadContinuedMessage } from '@/lib/chat-store';

/**
 * `GET /api/chat/[id]`: the stored conversation, whether an answer runs on it now, and the message
 * that answer continues as it began (see `loadContinuedMessage`); a page whose request was refused
 * shows this instead of what it had.
 */
export async function GET(_request: Request, { params }: RouteContext<'/api/chat/[id]'>): Promise<Response> {
  const { id } = await params;
  if (!isChatId(id)) return Response.json({ error: 'Invalid chat id' }, { status: 400 });
  return Response.json(
    { messages: loadChat(id), running: loadActiveStreamId(id) !== null, continuedMessage: loadContinuedMessage(id) },
    { headers: { 'cache-control': 'no-store' } },
  );
}
