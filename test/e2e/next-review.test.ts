/**
 * Plan review in the example as deployed (`next start`, one machine): forged or malformed answers get
 * a 4xx and store nothing, six racing answers to one plan apply once; in two tabs the plan survives
 * a reload with its controls, is sent back with a reason, the revision is approved and runs to the
 * end, and the other tab's stale answer is refused; a page loaded while an approved plan runs shows
 * the stored progress and follows the answer to its end.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMIT_PLAN } from '../../examples/next-chat/lib/scripted-plans.js';
import { launchChromium } from '../support/launch-chromium.js';
import {
  answeredApprovals,
  keyOf,
  readStore,
  type Row,
  type StoredChat,
  todoCalls,
  waitForIdle,
  waitingApproval,
} from './support/chat-store.js';
import { type ExampleServer, ExampleServers, newChatId, replayedTodos, userMessage } from './support/next-example.js';
import { chatIdOf, openChat, pageRows, planPhase, send, shownAlert } from './support/page-probes.js';
import { type PostResult, postChat } from './support/sse-recorder.js';

const PLAN = LOGIN_LIMIT_PLAN;
const REASON = 'Also update the user documentation';
const servers = new ExampleServers();
let server: ExampleServer;
let browser: Browser;
let page: Page;
let second: Page;

beforeAll(async () => {
  server = await servers.start('review');
  ({ browser } = await launchChromium());
  const context = await browser.newContext();
  page = await context.newPage();
  second = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await servers.stopAll();
});

const store = (chatId: string): StoredChat => readStore(server.database, chatId);
const consistent = async (stored: StoredChat) =>
  expect(keyOf(stored.todos)).toBe(keyOf(await replayedTodos(stored.messages)));
const allCompleted = (rows: readonly Row[]) => rows.filter((row) => row.status !== 'completed');

describe('plan review: answers posted from Node', () => {
  const chatId = newChatId('review');
  let first: PostResult;
  let waiting: StoredChat;
  let approvalId: string;
  beforeAll(async () => {
    first = await postChat(server.baseUrl, { id: chatId, message: userMessage(PLAN.prompt), review: true });
    await waitForIdle(server.database, chatId);
    waiting = store(chatId);
    approvalId = waitingApproval(waiting) ?? '';
  });

  it('with review on, stores the first plan waiting for review (approval-requested), no list accepted yet', () => {
    expect({ status: first.status, finished: first.finished, todos: waiting.todos }).toEqual({
      status: 200,
      finished: true,
      todos: [],
    });
    expect(approvalId).not.toBe('');
  });

  it.each<[string, () => unknown, number]>([
    [
      'an answer to an approval id never asked',
      () => ({ id: chatId, answers: [{ id: 'not-asked', approved: true }] }),
      409,
    ],
    ['an answer with approved as text', () => ({ id: chatId, answers: [{ id: approvalId, approved: 'yes' }] }), 400],
    [
      'a message and answers together',
      () => ({ id: chatId, message: userMessage('continue'), answers: [{ id: approvalId, approved: true }] }),
      400,
    ],
    ['an empty list of answers', () => ({ id: chatId, answers: [] }), 400],
    [
      'a reason over 2,000 characters',
      () => ({ id: chatId, answers: [{ id: approvalId, approved: false, reason: 'x'.repeat(2_001) }] }),
      400,
    ],
    [
      'answers on a chat with no plan waiting',
      () => ({ id: newChatId('none'), answers: [{ id: approvalId, approved: true }] }),
      409,
    ],
  ])('refuses %s with %i and an error, and stores nothing', async (_, body, status) => {
    const result = await postChat(server.baseUrl, body());
    expect(result.status).toBe(status);
    expect(result.error).toBeDefined();
    expect(store(chatId)).toEqual(waiting);
  });

  describe('six racing answers to the plan (three approve, three send it back)', () => {
    let results: PostResult[];
    let answered: StoredChat;
    beforeAll(async () => {
      const answers = Array.from({ length: 6 }, (_, index) =>
        index % 2 === 0 ? { id: approvalId, approved: true } : { id: approvalId, approved: false, reason: REASON },
      );
      results = await Promise.all(
        answers.map((answer) => postChat(server.baseUrl, { id: chatId, answers: [answer], review: true })),
      );
      await waitForIdle(server.database, chatId);
      answered = store(chatId);
    });

    it('applies exactly one (200) and refuses the other five (409)', () => {
      expect(results.map((result) => result.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    });

    it('answers the plan once in the store', () => {
      expect(answeredApprovals(answered).filter((id) => id === approvalId)).toHaveLength(1);
    });

    it('keeps the todos table = readTodos(stored conversation)', () => consistent(answered));

    it('a denial that won leaves a revision waiting with the task the reason asked for; an approval leaves none', () => {
      const revised = todoCalls(answered.messages).find((part) => part.state === 'approval-requested');
      const first = todoCalls(answered.messages).find((part) => (part.approval as { id?: string })?.id === approvalId);
      const approved = (first?.approval as { approved?: boolean } | undefined)?.approved;
      if (approved === true) expect(revised).toBeUndefined();
      else {
        const contents = ((revised?.input as { todos: Row[] } | undefined)?.todos ?? []).map((todo) => todo.content);
        expect(contents.join(' | ')).toMatch(/documentation/i);
      }
    });

    describe('once the plan standing is approved', () => {
      let done: StoredChat;
      beforeAll(async () => {
        const revision = waitingApproval(answered);
        if (revision !== undefined) {
          await postChat(server.baseUrl, { id: chatId, answers: [{ id: revision, approved: true }], review: true });
          await waitForIdle(server.database, chatId);
        }
        done = store(chatId);
      });

      it('the agent works the plan to the end, nothing waiting', () => {
        expect(done.todos.length).toBeGreaterThanOrEqual(PLAN.tasks.length);
        expect(allCompleted(done.todos)).toEqual([]);
        expect(waitingApproval(done)).toBeUndefined();
      });

      it('refuses an answer to a plan answered long ago with 409, and stores nothing', async () => {
        const again = await postChat(server.baseUrl, { id: chatId, answers: [{ id: approvalId, approved: false }] });
        expect(again.status).toBe(409);
        expect(store(chatId)).toEqual(done);
      });

      it('keeps the todos table = readTodos(stored conversation)', () => consistent(done));
    });
  });
});

describe('plan review in two tabs', () => {
  const seen = {} as {
    firstPhase: { plan: string | null; inline: string | null; announced: string };
    afterReload: { phase: string | null; reviewOn: boolean };
    revision: { rows: Row[]; notices: string[] };
    stale: { before: StoredChat; after: StoredChat; phase: string | null; firstApproval: string | undefined };
    done: { stored: StoredChat; completedOnPage: number; phase: string | null };
  };
  beforeAll(async () => {
    const plan = page.getByLabel('Plan');
    await openChat(page, `${server.baseUrl}/`);
    const reviewSwitch = page.getByRole('switch', { name: 'Review plans' });
    await reviewSwitch.check();
    await send(page, PLAN.prompt);
    await plan.getByRole('button', { name: 'Approve' }).waitFor({ timeout: 60_000 });
    const chatId = await chatIdOf(page);
    await waitForIdle(server.database, chatId);
    seen.firstPhase = {
      plan: await planPhase(page),
      inline: await page.locator('.chat-message [data-todo-list]').last().getAttribute('data-phase'),
      announced: (await plan.locator('[role="status"]').textContent())?.trim() ?? '',
    };

    await page.reload();
    await plan.getByRole('button', { name: 'Approve' }).waitFor({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    seen.afterReload = { phase: await planPhase(page), reviewOn: await reviewSwitch.isChecked() };
    await second.goto(page.url());
    await second.getByLabel('Plan').getByRole('button', { name: 'Approve' }).waitFor({ timeout: 20_000 });
    await second.waitForLoadState('networkidle');

    // Tab one sends the plan back with a reason; the revision waits in turn.
    const firstApproval = waitingApproval(store(chatId));
    await plan.getByRole('button', { name: 'Request changes' }).click();
    await plan.getByRole('textbox', { name: 'What should change?' }).fill(REASON);
    await plan.getByRole('textbox', { name: 'What should change?' }).press('Enter');
    await page.waitForFunction(
      (before) => {
        const root = document.querySelector('[aria-label="Plan"] [data-todo-list]');
        const rows = root?.querySelectorAll('li[data-status]:not([data-change="removed"])').length ?? 0;
        return root?.getAttribute('data-phase') === 'review' && rows > before;
      },
      PLAN.tasks.length,
      { timeout: 60_000 },
    );
    await waitForIdle(server.database, chatId);
    const revisedRows = await pageRows(page);
    seen.revision = {
      rows: revisedRows,
      notices: await page.locator('.chat-message [data-todo-notice][data-rejection="denied"]').allTextContents(),
    };

    // Tab two still shows the first plan: its answer is refused and it shows the store's chat instead.
    const before = store(chatId);
    await second.getByLabel('Plan').getByRole('button', { name: 'Approve' }).click();
    await second.locator('.chat p[role="alert"]').waitFor({ timeout: 20_000 });
    await second.waitForFunction(
      (count) =>
        document.querySelectorAll('[aria-label="Plan"] li[data-status]:not([data-change="removed"])').length === count,
      revisedRows.length,
      { timeout: 20_000 },
    );
    seen.stale = { before, after: store(chatId), phase: await planPhase(second), firstApproval };

    // Tab one approves the revision: the agent works it to the end.
    await plan.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('button', { name: 'Send' }).waitFor({ timeout: 120_000 });
    await waitForIdle(server.database, chatId);
    seen.done = {
      stored: store(chatId),
      completedOnPage: (await pageRows(page)).filter((row) => row.status === 'completed').length,
      phase: await planPhase(page),
    };
    await reviewSwitch.uncheck();
  });

  it('the first plan waits: phase "review" in the plan and inline, announced as waiting for review', () => {
    expect(seen.firstPhase).toEqual({
      plan: 'review',
      inline: 'review',
      announced: expect.stringMatching(/waits for your review/),
    });
  });

  it('after a reload the plan still waits with its controls, and "Review plans" is still on', () => {
    expect(seen.afterReload).toEqual({ phase: 'review', reviewOn: true });
  });

  it('the revision waits with the task the reason asked for, and the first call inline says it was sent back, with the reason', () => {
    expect(seen.revision.rows.map((row) => row.content).join(' | ')).toMatch(/documentation/i);
    expect(seen.revision.notices).toEqual([expect.stringContaining(REASON)]);
  });

  it("refuses the other tab's answer to the first plan, stores nothing, and that tab then shows the revision", () => {
    expect(seen.stale.after).toEqual(seen.stale.before);
    expect(seen.stale.phase).toBe('review');
    expect(answeredApprovals(seen.stale.after).filter((id) => id === seen.stale.firstApproval)).toHaveLength(1);
  });

  it('after "Approve" the agent works the revision to the end, on the page and in the store', () => {
    const { stored, completedOnPage, phase } = seen.done;
    expect({ tasks: stored.todos.length, completedOnPage, phase }).toEqual({
      tasks: seen.revision.rows.length,
      completedOnPage: seen.revision.rows.length,
      phase: 'accepted',
    });
    expect(allCompleted(stored.todos)).toEqual([]);
  });

  it('answers two plans, each once', () => {
    const ids = answeredApprovals(seen.done.stored);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
  });

  it('keeps the todos table = readTodos(stored conversation)', () => consistent(seen.done.stored));
});

describe('plan review: a page loaded while the approved plan runs', () => {
  const chatId = newChatId('review-midway');
  let shown: { rows: Row[]; phase: string | null; inlineCalls: number };
  let after: StoredChat;
  let followed: { rows: Row[]; alert: string | null };
  beforeAll(async () => {
    await postChat(server.baseUrl, { id: chatId, message: userMessage(PLAN.prompt), review: true });
    await waitForIdle(server.database, chatId);
    const approvalId = waitingApproval(store(chatId))!;
    const answer = postChat(server.baseUrl, {
      id: chatId,
      answers: [{ id: approvalId, approved: true }],
      review: true,
    });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const stored = store(chatId);
      if (stored.answering !== null && stored.todos.some((todo) => todo.status === 'completed')) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await page.goto(`${server.baseUrl}/chat/${chatId}`);
    await page.getByRole('button', { name: 'Send' }).waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    shown = {
      rows: await pageRows(page),
      phase: await planPhase(page),
      inlineCalls: await page.locator('.chat-message [data-todo-list]').count(),
    };
    await answer;
    await waitForIdle(server.database, chatId);
    after = store(chatId);
    await page.getByRole('button', { name: 'Send' }).waitFor({ timeout: 30_000 });
    followed = { rows: await pageRows(page), alert: await shownAlert(page) };
  });

  it('shows the stored progress (some tasks completed, phase accepted, the calls so far inline), not the plan as it was approved', () => {
    expect(
      shown.rows.some((row) => row.status === 'completed'),
      keyOf(shown.rows),
    ).toBe(true);
    expect(shown.phase).toBe('accepted');
    expect(shown.inlineCalls).toBeGreaterThanOrEqual(2);
  });

  it('keeps the todos table = readTodos(stored conversation) after the answer', () => consistent(after));

  it('follows the answer to its end: the page shows the stored list, with no error', () => {
    expect({ rows: keyOf(followed.rows), alert: followed.alert }).toEqual({ rows: keyOf(after.todos), alert: null });
  });
});
