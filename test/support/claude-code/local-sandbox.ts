/**
 * A sandbox for `@ai-sdk/harness` on this machine: commands run in bash, files are plain files under
 * `root`, and the bridge listens on a loopback port the OS picks. The harness's fixed bootstrap dir is
 * mounted inside `root`, so runs share nothing and may run side by side.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import type { HarnessV1NetworkSandboxSession, HarnessV1SandboxProvider } from '@ai-sdk/harness';

/** Where `@ai-sdk/harness-claude-code` 1.0.41 writes and starts its bridge (hard-coded there). */
const HARNESS_BOOTSTRAP_DIR = '/tmp/harness/claude-code';

/** The bridge's runtime is installed beforehand, one level above the bootstrap dir, so these are no-ops. */
const PREINSTALLED_COMMANDS = [/^pnpm .* install /, /\.\/node_modules\/\.bin\/claude --version$/];

/** A `mkdir -p` of plain, single-quoted or `"$VAR"` paths, which the sandbox runs itself (see `mkdirOperands`). */
const MKDIR_OPERAND = /'[^']*'|"\$\w+"|[\w./-]+/g;
const MKDIR_COMMAND = /^mkdir -p( +('[^']*'|"\$\w+"|[\w./-]+))+$/;

/** How long the forwarder holds back what follows an upgrade response (see `portForward`). */
const UPGRADE_GAP_MS = 20;

type CommandOptions = { command: string; workingDirectory?: string; env?: Record<string, string> };

export type LocalSandbox = HarnessV1SandboxProvider & {
  /** Kills the processes the sandbox started and closes its port forwards. */
  readonly close: () => void;
};

/**
 * A sandbox provider whose one session runs in `root`: `root/bootstrap` stands for the harness's bootstrap
 * dir, `root/work` is the working directory, `env` is added to every command (the node running the tests
 * comes first on `PATH`).
 */
export function localSandbox(options: { root: string; env: Record<string, string> }): LocalSandbox {
  const processes = new Set<ChildProcess>();
  const forwards = new Map<number, Promise<PortForward>>();
  const bootstrapDir = join(options.root, 'bootstrap');
  const local = (path: string): string => path.replaceAll(HARNESS_BOOTSTRAP_DIR, bootstrapDir);
  const commandEnv = (env: Record<string, string> | undefined): NodeJS.ProcessEnv => ({
    ...process.env,
    PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
    ...options.env,
    ...env,
  });
  const defaultWorkingDirectory = join(options.root, 'work');

  const run = async (command: CommandOptions) => {
    const cwd = command.workingDirectory ? local(command.workingDirectory) : defaultWorkingDirectory;
    if (PREINSTALLED_COMMANDS.some((pattern) => pattern.test(command.command))) {
      return { exitCode: 0, stdout: '', stderr: '' };
    }
    const directories = mkdirOperands(command);
    if (directories) {
      for (const directory of directories) await mkdir(resolve(cwd, local(directory)), { recursive: true });
      return { exitCode: 0, stdout: '', stderr: '' };
    }
    return runInBash(local(command.command), { cwd, env: commandEnv(command.env) });
  };

  const start = async (command: CommandOptions) => {
    const child = spawn('bash', ['-c', local(command.command)], {
      cwd: command.workingDirectory ? local(command.workingDirectory) : defaultWorkingDirectory,
      env: commandEnv(command.env),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    processes.add(child);
    const exited = new Promise<{ exitCode: number }>((resolve) =>
      child.once('exit', (code) => {
        processes.delete(child);
        resolve({ exitCode: code ?? 1 });
      }),
    );
    return {
      pid: child.pid,
      stdout: Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>,
      stderr: Readable.toWeb(child.stderr) as ReadableStream<Uint8Array>,
      wait: () => exited,
      kill: async () => killGroup(child),
    };
  };

  const readText = async ({ path }: { path: string }) => readOrNull(local(path), 'utf8');
  const readBytes = async ({ path }: { path: string }) => readOrNull(local(path));
  const write = async ({ path, content }: { path: string; content: string | Uint8Array }) => {
    await mkdir(dirname(local(path)), { recursive: true });
    await writeFile(local(path), content);
  };

  const forward = async (port: number) => {
    if (!forwards.has(port)) forwards.set(port, portForward(port));
    return (await forwards.get(port)!).url;
  };

  const close = () => {
    for (const child of processes) killGroup(child);
    for (const pending of forwards.values()) void pending.then((portForward) => portForward.close());
  };

  const session: HarnessV1NetworkSandboxSession = {
    id: `local-${options.root}`,
    description: `A local directory, ${defaultWorkingDirectory}.`,
    defaultWorkingDirectory,
    // Port 0: the bridge binds a free port and reports it, so parallel runs never collide.
    ports: [0],
    getPortUrl: async ({ port }) => forward(port),
    run,
    spawn: start,
    readTextFile: readText,
    readBinaryFile: readBytes,
    readFile: async ({ path }) => {
      const bytes = await readBytes({ path });
      return bytes ? (Readable.toWeb(Readable.from([bytes])) as ReadableStream<Uint8Array>) : null;
    },
    writeTextFile: write,
    writeBinaryFile: write,
    writeFile: async ({ path, content }) =>
      write({ path, content: new Uint8Array(await new Response(content).arrayBuffer()) }),
    stop: async () => close(),
    destroy: async () => close(),
    restricted: () => session,
  };

  return {
    specificationVersion: 'harness-sandbox-v1',
    providerId: 'local',
    createSession: async () => {
      await mkdir(defaultWorkingDirectory, { recursive: true });
      return session;
    },
    close,
  };
}

/**
 * The directories of a plain `mkdir -p` (quoted paths or `"$VAR"` from `env`), which the sandbox makes
 * itself: on a busy machine starting a shell can take a second. Anything else goes to bash.
 */
function mkdirOperands({ command, env = {} }: CommandOptions): string[] | undefined {
  if (!MKDIR_COMMAND.test(command)) return undefined;
  const operands = command.slice('mkdir -p '.length).match(MKDIR_OPERAND) ?? [];
  const paths = operands.map((operand) => {
    if (operand.startsWith("'")) return operand.slice(1, -1);
    return operand.startsWith('"') ? env[operand.slice(2, -1)] : operand;
  });
  return paths.every((path) => path !== undefined) ? (paths as string[]) : undefined;
}

function runInBash(
  command: string,
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('bash', ['-c', command], options, (error, stdout, stderr) => {
      const exitCode = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ exitCode, stdout, stderr });
    });
  });
}

// The child leads its own process group, so the bridge dies with the shell that started it.
function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

async function readOrNull(path: string): Promise<Uint8Array | null>;
async function readOrNull(path: string, encoding: 'utf8'): Promise<string | null>;
async function readOrNull(path: string, encoding?: 'utf8'): Promise<string | Uint8Array | null> {
  try {
    return encoding ? await readFile(path, encoding) : new Uint8Array(await readFile(path));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

type PortForward = { url: string; close: () => void };

/**
 * A loopback forwarder to the bridge's port, as a sandbox's public URL is. It hands the client the
 * WebSocket upgrade response and the frames after it in separate writes: `@ai-sdk/harness-claude-code`
 * 1.0.41 starts listening for the bridge's hello only after `ws` reports the socket open, so a hello that
 * arrives in the same read as the upgrade response is lost, and the harness reconnects after 5 s.
 */
async function portForward(port: number): Promise<PortForward> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('error', () => socket.destroy());
    socket.on('close', () => sockets.delete(socket));
  };
  const server: Server = createServer((client) => {
    const bridge = connect(port, '127.0.0.1');
    track(client);
    track(bridge);
    client.on('close', () => bridge.destroy());
    bridge.on('close', () => client.destroy());
    client.pipe(bridge);
    relayAfterUpgrade(bridge, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.close();
      for (const socket of sockets) socket.destroy();
    },
  };
}

function relayAfterUpgrade(bridge: Socket, client: Socket): void {
  let received = Buffer.alloc(0);
  const onData = (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
    const headersEnd = received.indexOf('\r\n\r\n');
    if (headersEnd === -1) return;
    bridge.off('data', onData);
    bridge.pause();
    client.write(received.subarray(0, headersEnd + 4));
    setTimeout(() => {
      client.write(received.subarray(headersEnd + 4));
      bridge.pipe(client);
    }, UPGRADE_GAP_MS);
  };
  bridge.on('data', onData);
}
