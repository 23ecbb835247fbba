/** One user turn through a chat transport (the demo's scripted one), as `useChat` sends and reads it. */
import { readUIMessageStream, type ChatTransport, type UIMessage } from 'ai';

export interface DemoTurn {
  /** The conversation after the turn: the one before, the user's message and the agent's. */
  messages: UIMessage[];
  /** A copy of the agent's message at every chunk. */
  snapshots: UIMessage[];
  /** The conversation before the agent's message: what each snapshot follows. */
  prompt: UIMessage[];
}

/** Sends `text` after `history`; `stopWhen` presses Stop at the first message it holds true for. */
export async function runDemoTurn(
  transport: ChatTransport<UIMessage>,
  history: UIMessage[],
  text: string,
  options: { stopWhen?: (message: UIMessage) => boolean } = {},
): Promise<DemoTurn> {
  const prompt: UIMessage[] = [
    ...history,
    { id: `user-${history.length}`, role: 'user', parts: [{ type: 'text', text }] },
  ];
  const abortController = new AbortController();
  const stream = await transport.sendMessages({
    trigger: 'submit-message',
    chatId: 'chat',
    messageId: undefined,
    messages: prompt,
    abortSignal: abortController.signal,
  });
  const snapshots: UIMessage[] = [];
  for await (const message of readUIMessageStream({ stream })) {
    snapshots.push(structuredClone(message));
    if (!abortController.signal.aborted && options.stopWhen?.(message) === true) abortController.abort();
  }
  const last = snapshots.at(-1);
  return { messages: last ? [...prompt, { ...last, id: `agent-${history.length}` }] : prompt, snapshots, prompt };
}
