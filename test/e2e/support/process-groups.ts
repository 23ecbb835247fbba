/**
 * Every server an end-to-end test starts runs in a process group of its own; its id is written to
 * the run's folder (provided by global-setup.ts), so the global teardown stops whatever a failed
 * or interrupted file left running.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

/** Notes the process group `groupId` for the global teardown (a no-op outside the e2e project). */
export function recordProcessGroup(groupId: number | undefined): void {
  const directory = inject('processGroups');
  if (groupId === undefined || directory === undefined) return;
  mkdirSync(directory, { recursive: true });
  writeFileSync(join(directory, String(groupId)), '');
}

/** Drops the note once the group was stopped, so the teardown never signals a process id used again since. */
export function forgetProcessGroup(groupId: number | undefined): void {
  const directory = inject('processGroups');
  if (groupId !== undefined && directory !== undefined) rmSync(join(directory, String(groupId)), { force: true });
}

/** SIGKILLs every process group noted in `directory` that is still there, then removes the folder. */
export function killRecordedGroups(directory: string): void {
  for (const name of readdirSync(directory, { withFileTypes: false })) {
    try {
      process.kill(-Number(name), 'SIGKILL');
    } catch {
      // already stopped by its test
    }
  }
  rmSync(directory, { recursive: true, force: true });
}
