/** The demo's settings that live in the URL, so a link (or a test) can open a given setup. */
import { DEFAULT_SCENARIO_ID, isScenarioId, type ScenarioId } from '../agent/scenarios.js';

/** The speeds the picker offers (multipliers of a realistic streaming pace). */
/** The demo raises the list cap (default 50) so the 200-item scenario is accepted and shown whole. */
export const DEMO_MAX_TODOS = 250;

export const SPEEDS: readonly number[] = [0.5, 1, 2, 4];

/** What the page runs: a scripted scenario, or the real model behind `/api/chat`. */
export type AgentChoice = ScenarioId | 'live';

export type ThemeChoice = 'system' | 'light' | 'dark';

/** Which plan tool the scripted agent calls: ours, Claude Code's `TodoWrite` (with `activeForm`), or its task tools. */
export type AgentTool = 'todo_write' | 'claude-code' | 'claude-code-tasks';

/** The plan tools the page offers, in order, with their names in the picker. */
export const AGENT_TOOLS: readonly { value: AgentTool; label: string }[] = [
  { value: 'todo_write', label: 'todo_write' },
  { value: 'claude-code', label: 'Claude Code TodoWrite' },
  { value: 'claude-code-tasks', label: 'Claude Code tasks' },
];

export interface DemoSettings {
  /** `?scenario=`: pins a scripted scenario (else the live model when one is configured). */
  scenario: ScenarioId | undefined;
  /** `?speed=`: any positive multiplier, e.g. `?speed=20` for tests. Default 1. */
  speed: number;
  /** `?theme=light|dark`: overrides the saved theme (screenshots). */
  theme: ThemeChoice | undefined;
  /** `?throttle=` in ms: `useChat`'s render throttle. Default 0 (a render per delta). */
  throttle: number;
  /** `?review=1`: starts with "Review plans" on (screenshots). Default off. */
  review: boolean;
  /** `?tool=claude-code` or `?tool=claude-code-tasks`: the scripted agent plans with Claude Code's tools. Default `todo_write`. */
  tool: AgentTool;
}

export function readDemoSettings(search: string): DemoSettings {
  const params = new URLSearchParams(search);
  const scenario = params.get('scenario');
  const speed = Number(params.get('speed'));
  const theme = params.get('theme');
  const throttle = Number(params.get('throttle'));
  return {
    scenario: isScenarioId(scenario) ? scenario : undefined,
    speed: Number.isFinite(speed) && speed > 0 ? speed : 1,
    theme: theme === 'light' || theme === 'dark' || theme === 'system' ? theme : undefined,
    throttle: Number.isFinite(throttle) && throttle > 0 ? throttle : 0,
    review: params.get('review') === '1',
    tool: AGENT_TOOLS.find(({ value }) => value === params.get('tool'))?.value ?? 'todo_write',
  };
}

/** Writes the current choices back into the URL (no navigation). */
export function writeDemoSettings(choice: AgentChoice, speed: number, tool: AgentTool): void {
  const url = new URL(window.location.href);
  if (choice === 'live') url.searchParams.delete('scenario');
  else url.searchParams.set('scenario', choice);
  if (speed === 1) url.searchParams.delete('speed');
  else url.searchParams.set('speed', String(speed));
  if (tool === 'todo_write') url.searchParams.delete('tool');
  else url.searchParams.set('tool', tool);
  window.history.replaceState(null, '', url);
}

export { DEFAULT_SCENARIO_ID };
