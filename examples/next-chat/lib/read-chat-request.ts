/**
 * The trust boundary of `POST /api/chat`: a client may send two things, the user's newest message or
 * the person's answers to plans waiting for review (`addToolApprovalResponse`'s `{ id, approved,
 * reason? }`, as the page holds them). Everything else in the conversation (the agent's messages,
 * every tool call and its result, the plan) is written by the server and read from the store, never
 * from the request.
 */
import type { FileUIPart, TextUIPart, UIMessage } from 'ai';
import { isChatId } from './chat-store';

/** The largest request body read, in bytes. */
export const MAX_REQUEST_BYTES = 4 * 1024 * 1024;
/** The most parts a user message may have. */
export const MAX_MESSAGE_PARTS = 16;
/** The longest text part, in characters. */
export const MAX_TEXT_LENGTH = 16_000;
/** The most review answers one request may carry (one per plan waiting in the agent's last step). */
export const MAX_ANSWERS = 8;
/** The longest file part URL (a `data:` URL holds the file), in characters. */
export const MAX_FILE_URL_LENGTH = 3 * 1024 * 1024;
const MESSAGE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const MEDIA_TYPE_PATTERN = /^[\w.+-]+\/[\w.+-]+$/;

/**
 * What a request asks for: answer the chat's new message, or go on after the person's review answers
 * (as sent: `applyTodoAnswers` reads them against the stored plans they answer).
 */
export type ChatInput = { message: UIMessage } | { answers: unknown[] };

/**
 * A request the route may act on (with `review`: the first plan of each request waits for the
 * person), or why it may not (an HTTP status and a message for the page).
 */
export type ChatRequest =
  | { ok: true; chatId: string; input: ChatInput; review: boolean }
  | { ok: false; status: 400 | 413 | 415; error: string };

/**
 * Reads `{ id, message, review? }` or `{ id, answers, review? }`: `id` a chat id, `message` a `user`
 * message of text and file parts, `answers` a list of 1 to 8 review answers, all within the limits
 * above. A message is rebuilt from the fields it may have, so nothing else reaches the store.
 */
export async function readChatRequest(request: Request): Promise<ChatRequest> {
  if (!(request.headers.get('content-type') ?? '').includes('application/json')) {
    return { ok: false, status: 415, error: 'Send the message as JSON.' };
  }
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MAX_REQUEST_BYTES) return tooLarge();
  const text = await readLimited(request, MAX_REQUEST_BYTES);
  if (text === undefined) return tooLarge();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return refuse('The request body is not JSON.');
  }
  if (!isRecord(body)) return refuse('Send { id, message }.');
  if (!isChatId(body.id)) return refuse('Invalid chat id.');
  if (body.review !== undefined && typeof body.review !== 'boolean') return refuse('`review` is true or false.');
  const review = body.review === true;
  if (body.answers !== undefined) {
    if (body.message !== undefined) return refuse('Send a message or review answers, not both.');
    if (!Array.isArray(body.answers)) return refuse('`answers` lists the answers to the plans waiting.');
    if (body.answers.length > MAX_ANSWERS) return refuse(`A request answers at most ${MAX_ANSWERS} plans.`);
    return { ok: true, chatId: body.id, input: { answers: body.answers }, review };
  }
  const message = body.message;
  if (!isRecord(message)) return refuse('Send the new message as `message`.');
  if (message.role !== 'user') {
    return refuse('Only a user message can be sent: the agent writes its own messages, its tool calls and the plan.');
  }
  if (typeof message.id !== 'string' || !MESSAGE_ID_PATTERN.test(message.id)) return refuse('Invalid message id.');
  if (!Array.isArray(message.parts) || message.parts.length === 0) return refuse('The message has no parts.');
  if (message.parts.length > MAX_MESSAGE_PARTS) return refuse(`A message has at most ${MAX_MESSAGE_PARTS} parts.`);
  const parts: (TextUIPart | FileUIPart)[] = [];
  for (const part of message.parts as unknown[]) {
    const read = readPart(part);
    if (typeof read === 'string') return refuse(read);
    parts.push(read);
  }
  if (!parts.some((part) => part.type === 'file' || part.text.trim() !== '')) return refuse('The message is empty.');
  return { ok: true, chatId: body.id, input: { message: { id: message.id, role: 'user', parts } }, review };
}

/** A text or file part, rebuilt; a string says why the part is refused. */
function readPart(part: unknown): TextUIPart | FileUIPart | string {
  if (!isRecord(part)) return 'A message part must be an object.';
  if (part.type === 'text') {
    if (typeof part.text !== 'string') return 'A text part needs its text.';
    if (part.text.length > MAX_TEXT_LENGTH) return `A text part has at most ${MAX_TEXT_LENGTH} characters.`;
    return { type: 'text', text: part.text };
  }
  if (part.type === 'file') {
    if (typeof part.mediaType !== 'string' || !MEDIA_TYPE_PATTERN.test(part.mediaType)) {
      return 'A file part needs a media type.';
    }
    if (typeof part.url !== 'string' || !/^(data:|https:\/\/)/.test(part.url)) {
      return 'A file part needs a data: or https: URL.';
    }
    if (part.url.length > MAX_FILE_URL_LENGTH) return 'The file is too large.';
    if (part.filename !== undefined && (typeof part.filename !== 'string' || part.filename.length > 255)) {
      return 'Invalid file name.';
    }
    return {
      type: 'file',
      mediaType: part.mediaType,
      url: part.url,
      ...(part.filename === undefined ? {} : { filename: part.filename }),
    };
  }
  return `A user message holds only text and file parts, not "${String(part.type).slice(0, 40)}".`;
}

/** The body as text, or `undefined` once it passes `limit` bytes. */
async function readLimited(request: Request, limit: number): Promise<string | undefined> {
  if (request.body === null) return '';
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    text += decoder.decode(value, { stream: true });
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function refuse(error: string): ChatRequest {
  return { ok: false, status: 400, error };
}

function tooLarge(): ChatRequest {
  return { ok: false, status: 413, error: `The request is larger than ${MAX_REQUEST_BYTES / 1024 / 1024} MB.` };
}
