/**
 * Editing a waiting plan in the Next.js example, end to end: the packed package installed into
 * examples/next-chat, `next build` and `next start` with the scripted agent, driven in Chromium by
 * keyboard and posted to from Node. The edited list is what runs, on the page and in the store, and
 * the agent keeps every task the person kept; an edit that breaks the tool's rules is a 400 with its
 * problems; a stale edit, an edit of an accepted plan or of another chat is a 409; nothing is stored
 * for any of them; a reload while editing shows the plan still waiting; on a phone, the review's and
 * the editor's controls can be seen whole. Run with `npm run test:e2e` (it installs and builds the
 * example: minutes).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMIT_PLAN } from '../../examples/next-chat/lib/scripted-plans.js';
import { readTodos, selectTodoState, summarizeTodoCall, type Todo, todoEditReason } from '../../src/index.js';
import { join } from 'node:path';
import { launchChromium } from '../support/launch-chromium.js';
import { REPO_ROOT } from '../support/pack-package.js';
import { hiddenText, isWhollyVisible } from '../support/whole-visibility.js';
import { readStore, waitForIdle } from './support/chat-store.js';
import { type ExampleServer, ExampleServers, newChatId, userMessage } from './support/next-example.js';
import { postChat } from './support/sse-recorder.js';

const PLAN = LOGIN_LIMIT_PLAN;
const PROPOSED = PLAN.tasks.map((task) => task.content);
const RENAMED = 'Read the login route first';
const ADDED = 'Agree on the limit with the team';
const EDITED = [ADDED, RENAMED, ...PROPOSED.slice(2)];

const servers = new ExampleServers();
let server: ExampleServer | undefined;
let database: string;
let browser: Browser | undefined;
// One context for the file: @sparticuz/chromium runs single-process, and its last context closing ends it.
let context: BrowserContext;

beforeAll(async () => {
  server = await servers.start('editing', { SCRIPTED_MODEL_SPEED: '20' });
  database = server.database;
  ({ browser } = await launchChromium());
  context = await browser.newContext();
});

afterAll(async () => {
  await browser?.close();
  await servers.stopAll();
});

/** The approval id of the call waiting in a stored chat's last message. */
function waitingApproval(chatId: string): string | undefined {
  const last = readStore(database, chatId).messages.at(-1);
  const part = last?.parts.find((each) => each.type === 'tool-todo_write' && each.state === 'approval-requested');
  return (part?.approval as { id?: string } | undefined)?.id;
}

/** A chat whose first plan waits for review, started from Node. */
async function waitingChat(label: string): Promise<{ chatId: string; approvalId: string }> {
  const chatId = newChatId(label);
  const posted = await postChat(server!.baseUrl, { id: chatId, message: userMessage(PLAN.prompt), review: true });
  expect(posted.status).toBe(200);
  await waitForIdle(database, chatId);
  const approvalId = waitingApproval(chatId);
  expect(approvalId).toBeDefined();
  return { chatId, approvalId: approvalId! };
}

async function postRaw(body: unknown): Promise<{ status: number; json: { error?: string; problems?: string[] } }> {
  const response = await fetch(`${server!.baseUrl}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = response.status === 200 ? {} : ((await response.json()) as { error?: string; problems?: string[] });
  if (response.status === 200) await response.body?.cancel();
  return { status: response.status, json };
}

const planRows = (page: Page): Promise<string[]> =>
  page
    .locator('[aria-label="Plan"] li[data-status]:not([data-change="removed"]) [data-todo-content]')
    .allTextContents();
const phaseOf = (page: Page) => page.locator('[aria-label="Plan"] [data-todo-list]').getAttribute('data-phase');
/** Waits for Edit plan to hand focus to the first task's field, so the keys that follow land in it. */
const untilTaskOneFocused = (page: Page) =>
  page.waitForFunction(
    () => (document.activeElement as HTMLTextAreaElement | null)?.labels?.[0]?.textContent === 'Task 1',
    undefined,
    { timeout: 5_000 },
  );
const pending = (content: string) => ({ content, status: 'pending' as const });
/** A review answer that approves `todos` in place of the plan, as the page's editor sends it. */
const approveEdited = (id: string, todos: Todo[]) => ({ id, approved: true, reason: todoEditReason(todos) });

describe('editing a waiting plan in the Next.js example', () => {
  it("by keyboard: rename task 1, remove task 2, add a task, move it to the top, approve; that list runs to the end, on the page and in the store, every accepted list the person's and no call without a change", async () => {
    const page = await context.newPage();
    await page.goto(`${server!.baseUrl}/`);
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await page.waitForLoadState('networkidle');
    const reviewSwitch = page.getByRole('switch', { name: 'Review plans' });
    await reviewSwitch.focus();
    if (!(await reviewSwitch.isChecked())) await page.keyboard.press('Space');
    await page.getByLabel('Message').focus();
    await page.keyboard.type(PLAN.prompt);
    await page.keyboard.press('Enter');
    const plan = page.getByLabel('Plan');
    await plan.getByRole('button', { name: 'Edit plan' }).waitFor({ timeout: 60_000 });
    await page.waitForURL(/\/chat\/[A-Za-z0-9_-]+$/, { timeout: 20_000 });
    const chatId = page.url().split('/').at(-1)!;
    await waitForIdle(database, chatId);

    await plan.getByRole('button', { name: 'Edit plan' }).focus();
    await page.keyboard.press('Enter');
    await untilTaskOneFocused(page);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(RENAMED);
    await plan.getByRole('button', { name: 'Remove task 2' }).focus();
    await page.keyboard.press('Enter');
    await plan.getByRole('button', { name: 'Add task' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.type(ADDED);
    await plan.getByRole('button', { name: `Move task ${PROPOSED.length} up` }).focus();
    for (let press = 1; press < PROPOSED.length; press++) await page.keyboard.press('Enter');
    await plan.getByRole('form', { name: 'Edit the plan' }).getByRole('button', { name: 'Approve' }).focus();
    await page.keyboard.press('Enter');

    await page.getByRole('button', { name: 'Send' }).waitFor({ timeout: 120_000 });
    expect(await waitForIdle(database, chatId)).toBe(true);
    const stored = readStore(database, chatId);
    const done = EDITED.map((content) => ({ content, status: 'completed' }));
    expect(stored.todos).toEqual(done);
    expect(readTodos(stored.messages as never)).toEqual(done);
    await expect.poll(() => planRows(page), { timeout: 20_000 }).toEqual(EDITED);
    expect(await phaseOf(page)).toBe('accepted');
    // The edited call is the chat's first: from it on, every accepted list holds the person's tasks,
    // word for word and in their order, and every call changed something.
    const calls = stored.messages
      .flatMap((message) => message.parts)
      .filter((part) => part.type === 'tool-todo_write')
      .map((part) =>
        selectTodoState(stored.messages as never, { status: 'ready', toolCallId: String(part.toolCallId) }),
      );
    const accepted = calls.filter((state) => state.phase === 'accepted');
    expect(accepted.length).toBeGreaterThanOrEqual(EDITED.length);
    for (const state of accepted) expect(state.todos.map((row) => row.content)).toEqual(EDITED);
    expect(calls.map((state) => summarizeTodoCall(state)).filter((summary) => /no changes/i.test(summary))).toEqual([]);
    await page.close();
  });

  it('an edit that breaks the rules is a 400 with its problems, and stores nothing', async () => {
    const { chatId, approvalId } = await waitingChat('invalid');
    const before = JSON.stringify(readStore(database, chatId));
    const duplicate = await postRaw({
      id: chatId,
      answers: [approveEdited(approvalId, [pending('Read the code'), pending(' Read the code')])],
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.json.problems).toEqual([
      'Items 1 and 2 have the same content ("Read the code"); make each task distinct.',
    ]);
    const tooMany = await postRaw({
      id: chatId,
      answers: [
        approveEdited(
          approvalId,
          Array.from({ length: 51 }, (_, n) => pending(`Task ${n}`)),
        ),
      ],
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.problems?.[0]).toMatch(/at most 50 are allowed/);
    const denied = await postRaw({
      id: chatId,
      answers: [{ id: approvalId, approved: false, reason: todoEditReason([pending('Something else')]) }],
    });
    expect(denied.status).toBe(400);
    expect(JSON.stringify(readStore(database, chatId))).toBe(before);
  });

  it('a stale edit (the plan answered in another tab) is a 409 and stores nothing; so is an edit of another chat', async () => {
    const { chatId, approvalId } = await waitingChat('stale');
    const other = await waitingChat('other');
    // An edit names an approval of another chat: refused, neither chat changes.
    const otherBefore = JSON.stringify(readStore(database, other.chatId));
    const crossed = await postRaw({
      id: other.chatId,
      answers: [approveEdited(approvalId, [pending('Something else')])],
    });
    expect(crossed.status).toBe(409);
    expect(JSON.stringify(readStore(database, other.chatId))).toBe(otherBefore);

    expect(
      (await postChat(server!.baseUrl, { id: chatId, answers: [{ id: approvalId, approved: true }] })).status,
    ).toBe(200);
    await waitForIdle(database, chatId);
    const accepted = JSON.stringify(readStore(database, chatId));
    const stale = await postRaw({
      id: chatId,
      answers: [approveEdited(approvalId, [pending('Something else')])],
    });
    expect(stale.status).toBe(409);
    expect(JSON.stringify(readStore(database, chatId))).toBe(accepted);
    expect(readStore(database, chatId).todos.map((todo) => todo.content)).toEqual(PROPOSED);
  });

  it("in two tabs: the second tab's edit of a plan the first approved is refused, and nothing is stored", async () => {
    const { chatId } = await waitingChat('tabs');
    const [first, second] = [await context.newPage(), await context.newPage()];
    for (const tab of [first, second]) {
      await tab.goto(`${server!.baseUrl}/chat/${chatId}`);
      await tab.getByLabel('Plan').getByRole('button', { name: 'Edit plan' }).waitFor({ timeout: 20_000 });
      await tab.waitForLoadState('networkidle');
    }
    // The second tab starts editing; the first approves the plan as proposed.
    await second.getByLabel('Plan').getByRole('button', { name: 'Edit plan' }).focus();
    await second.keyboard.press('Enter');
    await untilTaskOneFocused(second);
    await second.keyboard.press('ControlOrMeta+a');
    await second.keyboard.type('Something else entirely');
    await first.getByLabel('Plan').getByRole('button', { name: 'Approve' }).focus();
    await first.keyboard.press('Enter');
    await first.getByRole('button', { name: 'Send' }).waitFor({ timeout: 120_000 });
    expect(await waitForIdle(database, chatId)).toBe(true);
    const approved = JSON.stringify(readStore(database, chatId));

    await second
      .getByLabel('Plan')
      .getByRole('form', { name: 'Edit the plan' })
      .getByRole('button', { name: 'Approve' })
      .focus();
    await second.keyboard.press('Enter');
    await second.locator('.chat p[role="alert"]').waitFor({ timeout: 20_000 });
    expect(await waitForIdle(database, chatId)).toBe(true);
    expect(JSON.stringify(readStore(database, chatId))).toBe(approved);
    expect(readStore(database, chatId).todos.map((todo) => todo.content)).toEqual(PROPOSED);
    // The refused tab shows the stored conversation: the plan as approved and run.
    await expect.poll(() => planRows(second), { timeout: 20_000 }).toEqual(PROPOSED);
    await first.close();
    await second.close();
  });

  it('an edit reaches the tool once, as the person wrote it; a reload while editing shows the plan still waiting', async () => {
    const { chatId, approvalId } = await waitingChat('reload');
    const page = await context.newPage();
    await page.goto(`${server!.baseUrl}/chat/${chatId}`);
    const plan = page.getByLabel('Plan');
    await plan.getByRole('button', { name: 'Edit plan' }).waitFor({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    await plan.getByRole('button', { name: 'Edit plan' }).focus();
    await page.keyboard.press('Enter');
    await untilTaskOneFocused(page);
    await page.keyboard.type(' (edited)');
    await page.reload();
    await plan.getByRole('button', { name: 'Edit plan' }).waitFor({ timeout: 20_000 });
    expect(await phaseOf(page)).toBe('review');
    expect(await planRows(page)).toEqual(PROPOSED);
    expect(waitingApproval(chatId)).toBe(approvalId);
    await page.close();

    // From Node: the stored answer carries the checked list, in the tool's own envelope.
    const todos = [pending('Only this')];
    expect((await postChat(server!.baseUrl, { id: chatId, answers: [approveEdited(approvalId, todos)] })).status).toBe(
      200,
    );
    await waitForIdle(database, chatId);
    const stored = readStore(database, chatId);
    const part = stored.messages
      .flatMap((message) => message.parts)
      .find((each) => (each.approval as { id?: string } | undefined)?.id === approvalId);
    expect(part?.approval).toEqual({ id: approvalId, approved: true, reason: todoEditReason(todos) });
    expect(stored.todos).toEqual([{ content: 'Only this', status: 'completed' }]);
  });
});

describe('a waiting plan on a phone', () => {
  it.each([
    [320, 640],
    [390, 844],
  ])(
    'at %i×%i: Approve, Request changes and Edit plan, then every field of the editor and its buttons can be seen whole',
    async (width, height) => {
      const { chatId } = await waitingChat(`phone-${width}`);
      const page = await context.newPage();
      await page.setViewportSize({ width, height });
      await page.goto(`${server!.baseUrl}/chat/${chatId}`);
      const plan = page.getByLabel('Plan');
      await plan.getByRole('button', { name: 'Edit plan' }).waitFor({ timeout: 20_000 });
      await page.waitForLoadState('networkidle');
      const hidden: string[] = [];
      for (const name of ['Approve', 'Request changes', 'Edit plan'])
        if (!(await isWhollyVisible(plan.getByRole('button', { name, exact: true })))) hidden.push(name);
      await plan.getByRole('button', { name: 'Edit plan' }).click();
      const form = plan.getByRole('form', { name: 'Edit the plan' });
      await form.waitFor();
      const fields = await form.getByRole('textbox').all();
      if (fields.length === 0) hidden.push('every field');
      for (const [index, field] of fields.entries()) {
        const cut = await hiddenText(field);
        if (cut.height > 0 || cut.width > 0 || !(await isWhollyVisible(field))) hidden.push(`field ${index + 1}`);
      }
      for (const name of ['Add task', 'Approve', 'Cancel'])
        if (!(await isWhollyVisible(form.getByRole('button', { name, exact: true })))) hidden.push(`editor's ${name}`);
      await page.screenshot({ path: join(REPO_ROOT, '.tmp', `next-chat-edit-${width}.png`), fullPage: true });
      expect(hidden).toEqual([]);
      await page.close();
    },
  );
});
