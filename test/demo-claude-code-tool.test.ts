import { describe, expect, it } from 'vitest';
import { readUIMessageStream, type UIMessage } from 'ai';
import { toActiveForm } from '../demo/agent/active-form.js';
import { scenarios } from '../demo/agent/scenarios.js';
import { createScriptedTransport } from '../demo/src/scripted-transport.js';
import { agentTodoTools } from '../src/agents.js';
import { asConversations, checkTodoSnapshots, shownRows } from './support/check-todo-snapshots.js';

describe('the present tense the demo agent writes as Claude Code', () => {
  it('turns the leading verb into its -ing form', () => {
    expect(
      [
        'Run the tests',
        'Write the docs',
        'Fix the bug',
        'Tie up loose ends',
        'Ship it',
        'See the logs',
        '42 files',
      ].map(toActiveForm),
    ).toEqual([
      'Running the tests',
      'Writing the docs',
      'Fixing the bug',
      'Tying up loose ends',
      'Shipping it',
      'Seeing the logs',
      'Working on: 42 files',
    ]);
  });
});

describe("the demo's scripted agent with Claude Code's TodoWrite (ToolLoopAgent + DirectChatTransport)", () => {
  it('streams TodoWrite calls with activeForm that the checklist reads on every snapshot', async () => {
    const scenario = scenarios.plan;
    const transport = createScriptedTransport(
      scenario,
      () => Infinity,
      () => false,
      'claude-code',
    );
    const prompt: UIMessage[] = [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: scenario.prompt }] }];
    const stream = await transport.sendMessages({
      trigger: 'submit-message',
      chatId: 'chat',
      messageId: undefined,
      messages: prompt,
      abortSignal: undefined,
    });
    const snapshots: UIMessage[] = [];
    for await (const message of readUIMessageStream({ stream })) snapshots.push(structuredClone(message));
    const tasks = scenario.tasks.map((task) => task.content);
    const states = checkTodoSnapshots(asConversations(prompt, snapshots), agentTodoTools.claudeCode, {
      activeForms: tasks.map(toActiveForm),
    });
    expect(snapshots.at(-1)!.parts.some((part) => part.type === 'tool-TodoWrite')).toBe(true);
    expect(states.some((state) => shownRows(state).includes(`${toActiveForm(tasks[0]!)} [in_progress]`))).toBe(true);
    expect(shownRows(states.at(-1)!)).toEqual(tasks.map((task) => `${task} [completed]`));
  });
});
