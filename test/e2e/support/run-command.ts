/** Runs a command to its end for the end-to-end tests: its output is returned, and shown only when it fails. */
import { spawn } from 'node:child_process';

export interface RunOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
}

/** Resolves with everything the command printed; rejects with its last 80 lines when it exits non-zero. */
export function runCommand(command: string, args: readonly string[], options: RunOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) return resolve(output);
      const tail = output.split('\n').slice(-80).join('\n');
      reject(new Error(`${command} ${args.join(' ')} (in ${options.cwd}) exited with ${code}:\n${tail}`));
    });
  });
}
