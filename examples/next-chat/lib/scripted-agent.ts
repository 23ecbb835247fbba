/**
 * The agent that answers when no API key is set: a `todo-write/testing` model whose every step is decided from the
 * conversation, as a model would. It writes a plan (`scripted-plans.ts`), then moves it one task forward per call;
 * it takes up a plan sent back with a reason, works a plan the person edited as they wrote it, and picks up where it
 * stopped on "continue".
 */
import { readTodos, type Todo } from 'todo-write';
import { createScriptedModel, type ScriptedPrompt, type ScriptedStep } from 'todo-write/testing';
import { LOGIN_LIMIT_PLAN, SCRIPTED_PLANS, type ScriptedPlan } from './scripted-plans';

const TOOL_NAME = 'todo_write';
/** A user message that asks the agent to go on. */
const CONTINUE = /\b(continue|resume|go on|keep going|retry|try again)\b/i;

/** The scripted agent's model; `speed` divides its streaming delays (2 = twice as fast). */
export function createScriptedAgent(speed: number) {
  return createScriptedModel({ steps: nextStep, speed, toolCallIdPrefix: 'call_scripted', modelId: 'scripted-agent' });
}

/** A todo_write call in the prompt and what became of it. */
interface TodoCall {
  messageIndex: number;
  todos: Todo[];
  outcome: 'accepted' | 'rejected' | 'denied' | 'pending';
  /** The tool's error, or the person's reason for sending the plan back. */
  detail?: string;
}

function nextStep(prompt: ScriptedPrompt): ScriptedStep {
  const calls = readTodoCalls(prompt);
  const turnStart = prompt.findLastIndex((message) => message.role === 'user');
  const lastCall = calls.findLast((call) => call.messageIndex > turnStart);
  // The last list the tool accepted, a person's edit included.
  const list = readTodos(prompt as never) as Todo[];
  const plan = planOf(prompt);
  const done = list.length > 0 && list.every((todo) => todo.status === 'completed');

  if (lastCall === undefined) {
    if (list.length > 0 && !done && CONTINUE.test(userText(prompt[turnStart]))) {
      const current = list.find((todo) => todo.status === 'in_progress');
      const text = `Picking up where I left off${current ? `: ${lowerFirst(current.content)}` : ''}.`;
      return write(text, advance(list));
    }
    const todos = plan.tasks.map((task, index) => ({
      content: task.content,
      status: index === 0 ? 'in_progress' : 'pending',
    }));
    return write(plan.intro, todos);
  }
  if (lastCall.outcome === 'denied') {
    if (lastCall.detail === undefined) return { text: 'What should change? Tell me, and I will revise the plan.' };
    const task = taskFromReason(lastCall.detail);
    return write(`I added “${task}” to the plan.`, [...lastCall.todos, { content: task, status: 'pending' }]);
  }
  if (lastCall.outcome === 'rejected') {
    return {
      text: `The tool rejected that update: ${lastCall.detail} Nothing was saved, so the checklist still shows the last accepted plan. Send "continue" and I will retry with a valid status.`,
    };
  }
  const ownPlan = list.every((todo) => plan.tasks.some((task) => task.content === todo.content));
  if (done) return { text: ownPlan ? plan.summary : 'Done: every task of your plan is finished.' };

  const current = list.find((todo) => todo.status === 'in_progress');
  const next = advance(list);
  const started = next.find((todo) => todo.status === 'in_progress');
  const note =
    current === undefined
      ? 'Starting.'
      : (plan.tasks.find((task) => task.content === current.content)?.note ?? `Finished: ${current.content}.`);
  const text = started ? `${note} Next: ${lowerFirst(started.content)}.` : `${note} That was the last task.`;
  const completed = list.filter((todo) => todo.status === 'completed').length;
  const rejectedBefore = calls.some((call) => call.outcome === 'rejected');
  if (plan.invalidStatusAfter !== undefined && completed >= plan.invalidStatusAfter && current && !rejectedBefore) {
    // The plan's one mistake: a status the tool does not know.
    return write(
      text,
      list.map((todo) => (todo === current ? { content: todo.content, status: 'done' } : todo)),
    );
  }
  return write(text, next);
}

function write(text: string, todos: readonly { content: string; status: string }[]): ScriptedStep {
  return { text, toolCalls: [{ toolName: TOOL_NAME, input: { todos } }] };
}

/** Completes the task in progress and starts the next pending one (after it, else the first). */
function advance(list: readonly Todo[]): Todo[] {
  const todos = list.map((todo) => ({ ...todo }));
  const current = todos.findIndex((todo) => todo.status === 'in_progress');
  if (current !== -1) todos[current]!.status = 'completed';
  const next =
    todos.find((todo, index) => index > current && todo.status === 'pending') ??
    todos.find((todo) => todo.status === 'pending');
  if (next !== undefined) next.status = 'in_progress';
  return todos;
}

/** The plan of the newest user message that is one of the plans' prompts (so "continue" stays in it). */
function planOf(prompt: ScriptedPrompt): ScriptedPlan {
  for (const message of prompt.toReversed()) {
    const text = userText(message).trim();
    const plan = SCRIPTED_PLANS.find((candidate) => candidate.prompt === text);
    if (plan !== undefined) return plan;
  }
  return LOGIN_LIMIT_PLAN;
}

/** Every todo_write call in the prompt with its outcome, oldest first. */
function readTodoCalls(prompt: ScriptedPrompt): TodoCall[] {
  const calls = new Map<string, TodoCall>();
  prompt.forEach((message, messageIndex) => {
    if (message.role !== 'assistant' && message.role !== 'tool') return;
    for (const part of message.content) {
      if (part.type === 'tool-call' && part.toolName === TOOL_NAME) {
        const todos = (part.input as { todos?: Todo[] } | undefined)?.todos ?? [];
        calls.set(part.toolCallId, { messageIndex, todos, outcome: 'pending' });
      } else if (part.type === 'tool-result') {
        const call = calls.get(part.toolCallId);
        if (call === undefined) continue;
        const { output } = part;
        if (output.type === 'execution-denied')
          Object.assign(call, { outcome: 'denied', detail: reasonOf(output.reason) });
        else if (output.type === 'error-text')
          Object.assign(call, { outcome: 'rejected', detail: output.value.split('\n')[0] });
        else if (output.type === 'error-json')
          Object.assign(call, { outcome: 'rejected', detail: 'The list was invalid.' });
        else call.outcome = 'accepted';
      }
    }
  });
  return [...calls.values()];
}

/** The person's own words out of the denial the model reads ("... asked for changes: <reason>"); none for a plain "no". */
function reasonOf(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const quoted = /asked for changes: ([^\n]*)/.exec(text);
  if (quoted) return quoted[1]!.trim() || undefined;
  return text.startsWith('Nothing was saved') ? undefined : text.trim() || undefined;
}

/** "Also update the user documentation." → "Update the user documentation". */
function taskFromReason(reason: string): string {
  const task = reason
    .trim()
    .replace(/^(?:please\s+)?(?:also|and|plus|add(?: a task to)?|include)\s+/i, '')
    .replace(/[.!]+$/, '');
  return task.charAt(0).toUpperCase() + task.slice(1);
}

function userText(message: ScriptedPrompt[number] | undefined): string {
  if (message?.role !== 'user') return '';
  return message.content.map((part) => (part.type === 'text' ? part.text : '')).join(' ');
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
