import { useEffect, useId, useState, type ReactNode } from 'react';
import { SCENARIO_IDS, scenarios } from '../agent/scenarios.js';
import {
  AGENT_TOOLS,
  DEFAULT_SCENARIO_ID,
  SPEEDS,
  readDemoSettings,
  writeDemoSettings,
  type AgentChoice,
  type AgentTool,
  type ThemeChoice,
} from './demo-settings.js';
import { useDemoConfig, type DemoConfig } from './use-demo-config.js';
import { useTheme } from './use-theme.js';
import { ChatSession } from './chat-session.js';

const settings = readDemoSettings(window.location.search);

function providerName(config: DemoConfig): string {
  return config.provider === 'anthropic' ? 'Anthropic' : 'OpenAI';
}

/** The demo page: header with the mode, scenario, speed and theme; then the chat and its checklist. */
export function App(): ReactNode {
  const config = useDemoConfig();
  const [choice, setChoice] = useState<AgentChoice>(settings.scenario ?? DEFAULT_SCENARIO_ID);
  const [speed, setSpeed] = useState(settings.speed);
  const [session, setSession] = useState(0);
  const [review, setReview] = useState(settings.review);
  const [agentTool, setAgentTool] = useState<AgentTool>(settings.tool);
  const theme = useTheme(settings.theme);
  const live = config?.mode === 'live';
  // Claude Code runs its own plan tools without asking: plan review and the editor are todo_write's.
  const claudeCode = agentTool !== 'todo_write';
  const reviewHintId = useId();

  // With a provider key and no scenario in the URL, start on the real model.
  useEffect(() => {
    if (live && settings.scenario === undefined) setChoice('live');
  }, [live]);
  useEffect(() => writeDemoSettings(choice, speed, agentTool), [choice, speed, agentTool]);

  const speeds = SPEEDS.includes(speed) ? SPEEDS : [...SPEEDS, speed].sort((a, b) => a - b);
  const modeLabel: [string, string] =
    choice === 'live' && config?.mode === 'live'
      ? [`Live · ${providerName(config)}`, ` ${config.modelId ?? ''}`]
      : live
        ? ['Scripted agent', ' · live model available']
        : ['Offline · scripted agent', ' in your browser'];

  return (
    <div className="demo">
      <header className="topbar">
        <div className="topbar__brand">
          <span className="logo" aria-hidden="true" />
          <h1 className="topbar__title">
            todo-write <span className="topbar__sub">demo</span>
          </h1>
          <p className="mode" data-mode={choice === 'live' ? 'live' : 'scripted'}>
            <span className="mode__dot" aria-hidden="true" />
            {config === undefined ? (
              'Checking mode…'
            ) : (
              <span>
                {modeLabel[0]}
                <span className="mode__extra">{modeLabel[1]}</span>
              </span>
            )}
          </p>
        </div>
        <div className="topbar__controls">
          <label className="field">
            <span className="field__label">Scenario</span>
            <select
              className="select"
              value={choice}
              onChange={(event) => setChoice(event.target.value as AgentChoice)}
            >
              {live && <option value="live">{`Live model (${config?.modelId ?? providerName(config)})`}</option>}
              {SCENARIO_IDS.map((id) => (
                <option key={id} value={id}>
                  {scenarios[id].label}
                </option>
              ))}
            </select>
          </label>
          {choice !== 'live' && (
            <label className="field">
              <span className="field__label">Speed</span>
              <select
                className="select select--narrow"
                value={speed}
                onChange={(event) => setSpeed(Number(event.target.value))}
              >
                {speeds.map((value) => (
                  <option key={value} value={value}>{`${value}×`}</option>
                ))}
              </select>
            </label>
          )}
          {choice !== 'live' && (
            <label className="field">
              <span className="field__label">Plan tool</span>
              <select
                className="select"
                value={agentTool}
                onChange={(event) => setAgentTool(event.target.value as AgentTool)}
              >
                {AGENT_TOOLS.map(({ value, label }) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
          )}
          {choice !== 'live' && (
            <label className="field field--switch">
              <input
                type="checkbox"
                role="switch"
                aria-checked={review && !claudeCode}
                aria-describedby={claudeCode ? reviewHintId : undefined}
                className="switch"
                checked={review && !claudeCode}
                disabled={claudeCode}
                onChange={(event) => setReview(event.target.checked)}
              />
              <span className="field__label">Review plans</span>
            </label>
          )}
          <label className="field">
            <span className="field__label">Theme</span>
            <select
              className="select select--narrow"
              value={theme.choice}
              onChange={(event) => theme.setChoice(event.target.value as ThemeChoice)}
            >
              <option value="system">System</option>
              <option value="light">Light</option>
              <option value="dark">Dark</option>
            </select>
          </label>
          <button type="button" className="button button--ghost" onClick={() => setSession((count) => count + 1)}>
            New chat
          </button>
        </div>
        {choice !== 'live' && claudeCode && (
          <p id={reviewHintId} className="topbar__hint">
            Claude Code writes its plan without asking: review works with todo_write.
          </p>
        )}
      </header>
      <ChatSession
        key={`${choice}:${agentTool}:${session}`}
        choice={choice}
        speed={speed}
        throttle={settings.throttle}
        theme={theme.resolved}
        review={review}
        agentTool={agentTool}
      />
    </div>
  );
}
