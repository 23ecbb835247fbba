/**
 * The Next.js example's repair of the engine's local world at start (`repairUnrecordedStepEnds` in
 * `examples/next-chat/lib/engine-workarounds.ts`), on a folder laid out as world-local 4.4 writes it: only
 * the steps of active runs whose end was claimed without its event are set back to running. The
 * e2e crash suite checks the same repair against the real engine.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { repairUnrecordedStepEnds } from '../examples/next-chat/lib/engine-workarounds.js';

let folder: string;
afterEach(() => rmSync(folder, { recursive: true, force: true }));

const write = (path: string, value: unknown) => {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
};
const output = { __type: 'Uint8Array', data: 'ZGV2bFt0cnVlXQ==' };

/** A run with one step in each state a server can leave (`status` of the run). */
function run(runId: string, status: string): void {
  write(join(folder, 'runs', `${runId}.json`), { runId, status });
  const step = (stepId: string, fields: object, claimed: boolean, event?: string) => {
    write(join(folder, 'steps', `${runId}-${stepId}.json`), { runId, stepId, attempt: 1, ...fields });
    if (claimed) write(join(folder, '.locks', 'steps', `${runId}-${stepId}.terminal`), '');
    if (event)
      write(join(folder, 'events', `${runId}-evnt_${stepId}.json`), { eventType: event, correlationId: stepId });
  };
  step('step_done', { status: 'completed', output }, true, 'step_completed');
  step('step_failed', { status: 'failed', error: { message: 'no' } }, true, 'step_failed');
  step('step_claimed', { status: 'running' }, true);
  step('step_marked', { status: 'completed', output, completedAt: 'then' }, true);
  step('step_running', { status: 'running' }, false);
}

const stepOf = (runId: string, stepId: string) =>
  JSON.parse(readFileSync(join(folder, 'steps', `${runId}-${stepId}.json`), 'utf8'));
const claimed = (runId: string, stepId: string) =>
  existsSync(join(folder, '.locks', 'steps', `${runId}-${stepId}.terminal`));

it('sets back the steps of active runs whose end was claimed but not recorded, and nothing else', async () => {
  folder = mkdtempSync(join(tmpdir(), 'local-runs-'));
  run('wrun_A', 'running');
  run('wrun_B', 'completed');

  expect(await repairUnrecordedStepEnds(folder)).toBe(2);
  const setBack = (stepId: string) => ({ runId: 'wrun_A', stepId, attempt: 1, status: 'running' });
  expect([stepOf('wrun_A', 'step_claimed'), stepOf('wrun_A', 'step_marked')]).toEqual([
    setBack('step_claimed'),
    setBack('step_marked'),
  ]);
  expect([claimed('wrun_A', 'step_claimed'), claimed('wrun_A', 'step_marked')]).toEqual([false, false]);
  // Ends the engine recorded, and every step of a run that is over, stay as they are.
  expect(stepOf('wrun_A', 'step_done')).toMatchObject({ status: 'completed', output });
  expect(stepOf('wrun_A', 'step_failed')).toMatchObject({ status: 'failed' });
  expect([claimed('wrun_A', 'step_done'), claimed('wrun_A', 'step_failed')]).toEqual([true, true]);
  expect(stepOf('wrun_B', 'step_marked')).toMatchObject({ status: 'completed', output });
  expect(claimed('wrun_B', 'step_claimed')).toBe(true);

  expect(await repairUnrecordedStepEnds(folder)).toBe(0);
});

it('does nothing in a folder the world has not written yet', async () => {
  folder = mkdtempSync(join(tmpdir(), 'local-runs-'));
  expect(await repairUnrecordedStepEnds(join(folder, 'missing'))).toBe(0);
});
