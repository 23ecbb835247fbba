/**
 * The chat route: `POST { messages, review? }` in, a UI message stream out; with `review: true` the
 * first plan of each request waits for the person ("Review plans" in the page). A standard
 * `(request: Request) => Promise<Response>`, so the Vite dev server (demo/vite.config.ts), a
 * Next.js route handler (`export const POST = createChatHandler({ model })`) or any Fetch-API
 * server can mount it.
 *
 * Package imports only (no relative runtime imports, nothing Vite-specific): plain Node 24 can load it.
 */
import {
  APICallError,
  convertToModelMessages,
  createUIMessageStreamResponse,
  isStepCount,
  LoadAPIKeyError,
  RetryError,
  safeValidateUIMessages,
  streamText,
  toUIMessageStream,
  type LanguageModel,
  type ToolSet,
  type UIMessage,
  type UIMessageStreamOnEndCallback,
} from 'ai';
import { explainTodoDenials, todoReview, todoWrite } from 'todo-write';

/** What the demo's agent is told: work like a coding agent and keep the checklist current. */
export const CHAT_INSTRUCTIONS = [
  'You are a coding agent in a demo chat. You cannot read or change files: describe the work as if you were doing it, briefly.',
  'For any request with more than two steps, first call todo_write with a plan of 5 to 8 short tasks (first one in_progress).',
  'Then work through the tasks in order: for each, write one or two sentences about what you did, then call todo_write',
  'with the whole list, the finished task completed and the next one in_progress. Keep exactly one task in_progress.',
  'When every task is completed, end with a two-sentence summary.',
].join(' ');

/** "Review plans": the first write of each user request waits for the person. */
const firstPlan = todoReview('first-plan');

/** Options of {@link createChatHandler}. */
export interface ChatHandlerOptions {
  /** The model to run: a provider model (`openai('gpt-5.4-mini')`) or the demo's scripted model. */
  model: LanguageModel;
  /** The tools the model may call. Default `{ todo_write: todoWrite }`. */
  tools?: ToolSet;
  /** The system instructions. Default {@link CHAT_INSTRUCTIONS}. */
  instructions?: string;
  /** Most model steps per request (each tool call is one step). Default 40. */
  maxSteps?: number;
  /**
   * Called when the response ends (finished, aborted or failed) with the whole conversation as
   * UI messages, the new assistant message included: persist it here. Default: none.
   */
  onEnd?: UIMessageStreamOnEndCallback<UIMessage>;
}

/** Creates the `POST /api/chat` handler. */
export function createChatHandler(options: ChatHandlerOptions): (request: Request) => Promise<Response> {
  const { model, tools = { todo_write: todoWrite }, instructions = CHAT_INSTRUCTIONS, maxSteps = 40, onEnd } = options;
  return async function handleChat(request: Request): Promise<Response> {
    if (request.method !== 'POST') return jsonError(405, 'Use POST with a JSON body { messages, review? }.');
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return jsonError(400, 'The body is not JSON.');
    }
    const validation = await safeValidateUIMessages<UIMessage>({
      messages: (body as { messages?: unknown } | null)?.messages,
    });
    if (!validation.success) return jsonError(400, `Invalid messages: ${validation.error.message}`);
    const messages = validation.data;
    const review = (body as { review?: unknown }).review === true;

    const result = streamText({
      model,
      instructions,
      messages: await convertToModelMessages(messages, { tools, ignoreIncompleteToolCalls: true }),
      tools,
      ...(review ? { toolApproval: { todo_write: firstPlan } } : {}),
      // After "Request changes" the model reads the person's reason and sends the whole revised list.
      prepareStep: ({ messages: stepMessages }) => ({ messages: explainTodoDenials(stepMessages) }),
      stopWhen: isStepCount(maxSteps),
      abortSignal: request.signal,
    });
    return createUIMessageStreamResponse({
      stream: toUIMessageStream({
        stream: result.stream,
        tools,
        originalMessages: messages,
        ...(onEnd === undefined ? {} : { onEnd }),
        onError: chatErrorText,
        // Tool errors keep their own text: the checklist shows why a list was rejected.
        redactToolErrors: false,
      }),
    });
  };
}

/** What the page shows for a failed model request that is not known to be safe to describe. */
export const CHAT_FAILED_TEXT = 'The model request failed. The server log has the details.';

/**
 * The line a failed model request sends to the page. Only errors known to be safe and useful go out
 * as they are: a missing API key, or one the provider refused (401, 403). Any other text may carry
 * internals (addresses, request bodies), so the page gets a fixed line; `streamText` logs the error itself.
 */
export function chatErrorText(error: unknown): string {
  const cause = RetryError.isInstance(error) ? error.lastError : error;
  if (LoadAPIKeyError.isInstance(cause)) return cause.message;
  if (APICallError.isInstance(cause)) {
    if (cause.statusCode === 401 || cause.statusCode === 403) {
      return `The model provider refused the API key (HTTP ${cause.statusCode}): ${cause.message}`;
    }
    // No status: no answer came back at all.
    if (cause.statusCode === undefined) {
      return "The server could not reach the model provider: check the server's network and the provider's base URL.";
    }
  }
  return CHAT_FAILED_TEXT;
}

function jsonError(status: number, message: string): Response {
  return Response.json({ error: message }, { status });
}
