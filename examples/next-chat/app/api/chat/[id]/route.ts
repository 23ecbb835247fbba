import { isChatId, loadActiveStreamId, loadChat } from '@/lib/chat-store';

/**
 * `GET /api/chat/[id]`: the stored conversation and whether an answer runs on it now (a page whose
 * request was refused shows this instead of what it had).
 */
export async function GET(_request: Request, { params }: RouteContext<'/api/chat/[id]'>): Promise<Response> {
  const { id } = await params;
  if (!isChatId(id)) return Response.json({ error: 'Invalid chat id' }, { status: 400 });
  return Response.json(
    { messages: loadChat(id), running: loadActiveStreamId(id) !== null },
    { headers: { 'cache-control': 'no-store' } },
  );
}
