/**
 * Entry of the scenario capture child process (bundled by bench/bench.ts): captures every
 * conversation the client benchmark replays and writes them to the JSON file named in the argument.
 */
import { writeFileSync } from 'node:fs';
import { makeScenario, type Scenario, type ScenarioSpec } from './scenarios.js';

const { runs, file } = JSON.parse(process.argv[2] ?? '{}') as { runs: ScenarioSpec[]; file: string };
const captured: Scenario[] = [];
for (const spec of runs) captured.push(await makeScenario(spec));
writeFileSync(file, JSON.stringify(captured));
process.stdout.write(`${JSON.stringify({ scenarios: captured.length })}\n`);
