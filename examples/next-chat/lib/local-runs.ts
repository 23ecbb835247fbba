/**
 * The engine's local world (one machine) records a step's end in three writes: a lock file that
 * claims the end, the step's file marked completed or failed, then the step's event. A server that
 * dies between them leaves a run that never moves again: the claim refuses every later end of the
 * step, and a step marked finished without its event is neither run again nor replayed as done.
 * Before the world starts (nothing else uses its folder then), each such step of an active run is
 * set back to running, so the engine runs it again like any step a dead server left.
 */
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const ENDS = new Set(['step_completed', 'step_failed']);
const ACTIVE = new Set(['pending', 'running']);

/** Sets back the steps whose end was claimed but not recorded; returns how many. */
export async function repairUnrecordedStepEnds(dataDir: string): Promise<number> {
  const locks = join(dataDir, '.locks', 'steps');
  const claims = (await readdir(locks).catch(() => [] as string[])).filter((name) => name.endsWith('.terminal'));
  const ended = new Map<string, Set<string> | null>();
  let events: string[] | undefined;
  let repaired = 0;
  for (const claim of claims) {
    const key = claim.slice(0, -'.terminal'.length);
    const runId = key.slice(0, key.indexOf('-step_'));
    if (!ended.has(runId)) {
      const active = await isActive(dataDir, runId);
      if (active) events ??= await readdir(join(dataDir, 'events'));
      ended.set(runId, active ? await endedSteps(dataDir, runId, events!) : null);
    }
    const stepId = key.slice(runId.length + 1);
    if (ended.get(runId)?.has(stepId) !== false) continue;
    const file = join(dataDir, 'steps', `${key}.json`);
    const { output, error, completedAt, ...step } = JSON.parse(await readFile(file, 'utf8'));
    // The step first, then its claim: a repair cut short is done again at the next start.
    await writeFile(`${file}.repair`, JSON.stringify({ ...step, status: 'running' }, null, 2));
    await rename(`${file}.repair`, file);
    await rm(join(locks, claim));
    repaired += 1;
  }
  return repaired;
}

async function isActive(dataDir: string, runId: string): Promise<boolean> {
  const run = await readFile(join(dataDir, 'runs', `${runId}.json`), 'utf8').catch(() => '{}');
  return ACTIVE.has(JSON.parse(run).status);
}

/** The steps of `runId` whose end event is written (`events`: the names in the events folder). */
async function endedSteps(dataDir: string, runId: string, events: readonly string[]): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const name of events) {
    if (!name.startsWith(`${runId}-`)) continue;
    const event = JSON.parse(await readFile(join(dataDir, 'events', name), 'utf8'));
    if (ENDS.has(event.eventType)) ids.add(event.correlationId);
  }
  return ids;
}
