/** Runs a command to its end for the end-to-end tests: its output is returned, and shown only when it fails. */
import { spawn } from 'node:child_process';

export interface RunOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /**
   * What the command does, said on stderr as it starts, every {@link PROGRESS_EVERY_MS} while it runs
   * and when it ends, so a long install or build is not minutes of silence.
   */
  progress?: string;
}

/** How often a command with `progress` says how far it got, in ms. */
const PROGRESS_EVERY_MS = 5_000;

/** Resolves with everything the command printed; rejects with its last 80 lines when it exits non-zero. */
export function runCommand(command: string, args: readonly string[], options: RunOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const stopProgress = options.progress === undefined ? () => {} : reportProgress(options.progress, () => output);
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => {
      stopProgress(false);
      reject(error);
    });
    child.on('close', (code) => {
      stopProgress(code === 0);
      if (code === 0) return resolve(output);
      const tail = output.split('\n').slice(-80).join('\n');
      reject(new Error(`${command} ${args.join(' ')} (in ${options.cwd}) exited with ${code}:\n${tail}`));
    });
  });
}

/**
 * Says `label` on stderr now and every few seconds after, with the time so far and how many registry
 * requests the output shows (npm prints one line per request at `--loglevel=http`); the function it
 * returns stops it and says how it ended.
 */
function reportProgress(label: string, output: () => string): (succeeded: boolean) => void {
  const started = performance.now();
  const say = (what: string): void => {
    const seconds = Math.round((performance.now() - started) / 1000);
    const requests = output().match(/^npm http fetch /gm)?.length ?? 0;
    process.stderr.write(
      `[e2e] ${label}: ${what} (${seconds} s${requests > 0 ? `, ${requests} registry requests` : ''})\n`,
    );
  };
  process.stderr.write(`[e2e] ${label}…\n`);
  const timer = setInterval(() => say('running'), PROGRESS_EVERY_MS);
  return (succeeded) => {
    clearInterval(timer);
    say(succeeded ? 'done' : 'failed');
  };
}
