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
  convertToModelMessages,
  createUIMessageStreamResponse,
  isStepCount,
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
        onError: describeError,
        // Tool errors keep their own text: the checklist shows why a list was rejected.
        redactToolErrors: false,
      }),
    });
  };
}

/** Stream errors as the user sees them: the provider's message, never a stack. */
function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'The model request failed.';
}

function jsonError(status: number, message: string): Response {
  return Response.json({ error: message }, { status });
}
