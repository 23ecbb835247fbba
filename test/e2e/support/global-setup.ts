/**
 * The e2e project's setup, once per run: packs todo-write from a clean copy (the tarball a release
 * publishes), installs it into examples/next-chat and runs `next build` there. Its teardown stops
 * every process group a test file left running, whatever failed.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { packPackage } from '../../support/pack-package.js';
import { buildExample, installExample } from './next-example.js';
import { killRecordedGroups } from './process-groups.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The packed todo-write tarball. */
    tarball: string;
    /** What `next build` of the example printed. */
    exampleBuild: string;
    /** The folder where each server notes its process group. */
    processGroups: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const processGroups = mkdtempSync(join(tmpdir(), 'todo-write-e2e-groups-'));
  project.provide('processGroups', processGroups);
  const { tarball } = packPackage();
  project.provide('tarball', tarball);
  await installExample(tarball);
  project.provide('exampleBuild', await buildExample());
  return () => killRecordedGroups(processGroups);
}
