/**
 * Entry of the client benchmark child processes (bundled by bench/bench.ts twice: against
 * AI SDK 7 and, with `ai` and `@ai-sdk/react` aliased, against AI SDK 5; run with
 * NODE_ENV=production). Sets up jsdom before React loads, runs one message source, prints one JSON line.
 */
import { setupDom } from './setup-dom.js';

setupDom();
const { runClientBench } = await import('./run-client-bench.js');
const options = JSON.parse(process.argv[2] ?? '{}') as Parameters<typeof runClientBench>[0];
process.stdout.write(`${JSON.stringify(await runClientBench(options))}\n`);
