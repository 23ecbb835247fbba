/** Entry of the token benchmark child process (bundled by bench/bench.ts): prints one JSON line. */
import { measureTokens } from './measure-tokens.js';

process.stdout.write(`${JSON.stringify(await measureTokens())}\n`);
