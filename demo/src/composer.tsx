import { useCallback, useId, useRef, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';

export interface ComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSend: (text: string) => void;
  /** Sends a suggestion; what was typed stays. */
  onSuggestion: (text: string) => void;
  onStop: () => void;
  /** A response is streaming (or about to): show Stop instead of Send. */
  busy: boolean;
  /**
   * Quick replies shown above the input while the agent is idle; a click sends one (`onSuggestion`). Before the first
   * message, requests to start with (`SUGGESTED_PROMPTS`); after it, e.g. "continue".
   */
  suggestions: readonly string[];
  /** Accessible name of the suggestions, e.g. `'Try a request'` before the first message. Default `'Suggestions'`. */
  suggestionsLabel?: string;
}

/** The message input with Send and Stop. Enter sends, Shift+Enter adds a line. */
export function Composer({
  value,
  onChange,
  onSend,
  onSuggestion,
  onStop,
  busy,
  suggestions,
  suggestionsLabel = 'Suggestions',
}: ComposerProps): ReactNode {
  const inputId = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const canSend = !busy && value.trim() !== '';
  const submit = (event?: FormEvent): void => {
    event?.preventDefault();
    if (canSend) onSend(value.trim());
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };
  // Send and Stop are two elements (keyed), so nothing of one's style (Stop's hover border in mid
  // transition) carries over to the other; focus does: the button that replaces a focused one takes it.
  const actionHadFocus = useRef(false);
  const keepActionFocus = useCallback((button: HTMLButtonElement) => {
    if (actionHadFocus.current) button.focus();
    actionHadFocus.current = false;
    return () => {
      actionHadFocus.current = document.activeElement === button;
    };
  }, []);
  return (
    <form className="composer" onSubmit={submit}>
      {suggestions.length > 0 && !busy && (
        // biome-ignore lint/a11y/useSemanticElements: a row of quick-send buttons, not a set of form fields
        <div className="composer__suggestions" role="group" aria-label={suggestionsLabel}>
          {suggestions.map((suggestion) => (
            <button key={suggestion} type="button" className="chip" onClick={() => onSuggestion(suggestion)}>
              {suggestion}
            </button>
          ))}
        </div>
      )}
      <div className="composer__box">
        <label htmlFor={inputId} className="visually-hidden">
          Message the agent
        </label>
        <textarea
          id={inputId}
          ref={inputRef}
          className="composer__input"
          rows={2}
          value={value}
          placeholder="Ask the agent to do something…"
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
        />
        {busy ? (
          <button key="stop" ref={keepActionFocus} type="button" className="button button--stop" onClick={onStop}>
            <span className="button__stop-icon" aria-hidden="true" />
            Stop
          </button>
        ) : (
          <button
            key="send"
            ref={keepActionFocus}
            type="submit"
            className="button button--primary"
            aria-disabled={!canSend}
          >
            Send
          </button>
        )}
      </div>
      <p className="composer__hint">Enter to send · Shift+Enter for a new line</p>
    </form>
  );
}
