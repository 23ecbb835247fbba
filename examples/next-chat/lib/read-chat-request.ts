/**
 * The trust boundary of `POST /api/chat`: a client may send two things, the user's newest message or
 * the person's answers to plans waiting for review (an approval id, approved or not, a reason).
 * Everything else in the conversation (the agent's messages, every tool call and its result, the
 * plan) is written by the server and read from the store, never from the request.
 */
import type { FileUIPart, TextUIPart, UIMessage } from 'ai';
import { type Todo, validateTodos } from 'todo-write';
import { isChatId } from './chat-store';

/** The largest request body read, in bytes. */
export const MAX_REQUEST_BYTES = 4 * 1024 * 1024;
/** The most parts a user message may have. */
export const MAX_MESSAGE_PARTS = 16;
/** The longest text part, in characters. */
export const MAX_TEXT_LENGTH = 16_000;
/** The longest reason given with a review answer, in characters. */
export const MAX_REASON_LENGTH = 2_000;
/** The most review answers one request may carry (one per plan waiting in the agent's last step). */
export const MAX_APPROVALS = 8;
/** The longest file part URL (a `data:` URL holds the file), in characters. */
export const MAX_FILE_URL_LENGTH = 3 * 1024 * 1024;
const MESSAGE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const APPROVAL_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
const MEDIA_TYPE_PATTERN = /^[\w.+-]+\/[\w.+-]+$/;

/** The person's answer to one plan waiting for review (`addToolApprovalResponse`'s arguments). */
export interface ApprovalAnswer {
  id: string;
  approved: boolean;
  reason?: string;
  /** The plan as the person edited it before approving, checked by the tool's rules and limits. */
  todos?: Todo[];
}

/** What a request asks for: answer the chat's new message, or go on after the person's review answers. */
export type ChatInput = { message: UIMessage } | { approvals: ApprovalAnswer[] };

/**
 * A request the route may act on (with `review`: the first plan of each request waits for the
 * person), or why it may not (an HTTP status and a message for the page).
 */
export type ChatRequest =
  | { ok: true; chatId: string; input: ChatInput; review: boolean }
  | { ok: false; status: 400 | 413 | 415; error: string; problems?: string[] };

/**
 * Reads `{ id, message, review? }` or `{ id, approvals, review? }`: `id` a chat id, `message` a `user`
 * message of text and file parts, `approvals` 1 to 8 answers `{ id, approved, reason?, todos? }`, all within
 * the limits above. What is kept is rebuilt from the fields it may have, so nothing else reaches the store.
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
  if (body.approvals !== undefined) {
    if (body.message !== undefined) return refuse('Send a message or review answers, not both.');
    const approvals = readApprovals(body.approvals);
    if (typeof approvals === 'string') return refuse(approvals);
    if ('problems' in approvals) return { ok: false, status: 400, ...approvals };
    return { ok: true, chatId: body.id, input: { approvals }, review };
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

/**
 * The review answers, rebuilt; a string says why they are refused, `problems` what an edited plan
 * breaks. An edit is checked by the route's tool (`todoWrite`, its default limits) with `validateTodos`.
 */
function readApprovals(value: unknown): ApprovalAnswer[] | string | { error: string; problems: string[] } {
  if (!Array.isArray(value) || value.length === 0) return '`approvals` lists the answers to the plans waiting.';
  if (value.length > MAX_APPROVALS) return `A request answers at most ${MAX_APPROVALS} plans.`;
  const approvals: ApprovalAnswer[] = [];
  for (const answer of value as unknown[]) {
    if (!isRecord(answer)) return 'A review answer must be an object.';
    if (typeof answer.id !== 'string' || !APPROVAL_ID_PATTERN.test(answer.id)) return 'Invalid approval id.';
    if (typeof answer.approved !== 'boolean') return 'A review answer says `approved: true` or `false`.';
    if (answer.reason !== undefined && typeof answer.reason !== 'string') return 'A reason is text.';
    const reason = answer.reason?.trim();
    if (reason !== undefined && reason.length > MAX_REASON_LENGTH) {
      return `A reason has at most ${MAX_REASON_LENGTH} characters.`;
    }
    if (approvals.some((earlier) => earlier.id === answer.id)) return 'Each plan is answered once.';
    if (answer.todos !== undefined) {
      if (answer.approved !== true || reason) return 'An edited plan is approved, and comes without a reason.';
      if (!Array.isArray(answer.todos)) return '`todos` is the edited list: [{ content, status }].';
      const checked = validateTodos({ todos: answer.todos });
      if (!checked.valid) {
        const problems = checked.problems.map((problem) => problem.message);
        return { error: 'The edited plan breaks the rules of the plan.', problems };
      }
      approvals.push({ id: answer.id, approved: true, todos: checked.todos });
      continue;
    }
    approvals.push({ id: answer.id, approved: answer.approved, ...(reason ? { reason } : {}) });
  }
  return approvals;
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
