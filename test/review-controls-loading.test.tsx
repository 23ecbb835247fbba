import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { reviewState } from './support/review-state.js';

afterEach(() => {
  cleanup();
  vi.doUnmock('../src/react/todo-review-controls.js');
  vi.restoreAllMocks();
  vi.resetModules();
});

const waiting = reviewState('approval-1', [{ content: 'Ship it', status: 'pending' }]);
const accepted = { ...waiting, phase: 'executing' } as typeof waiting;

describe('the review controls, loaded on first use', () => {
  it('a list without addToolApprovalResponse never loads them; given it, the list loads them as it mounts', async () => {
    const loaded = vi.fn();
    vi.doMock('../src/react/todo-review-controls.js', async (original) => {
      loaded();
      return original();
    });
    const { TodoList } = await import('../src/react.js');
    const view = render(<TodoList state={accepted} />);
    view.rerender(<TodoList state={waiting} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loaded).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    view.rerender(<TodoList state={accepted} addToolApprovalResponse={vi.fn()} />);
    await vi.waitFor(() => expect(loaded).toHaveBeenCalledTimes(1));
  });

  it('a failed download is reported, and the list tries again when it next updates', async () => {
    let offline = true;
    vi.doMock('../src/react/todo-review-controls.js', async (original) => {
      if (offline) throw new Error('offline');
      return original();
    });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { TodoList } = await import('../src/react.js');
    const respond = vi.fn();
    const view = render(<TodoList state={accepted} addToolApprovalResponse={respond} />);
    await vi.waitFor(() =>
      expect(errors).toHaveBeenCalledWith(expect.stringContaining('failed to load'), expect.any(Error)),
    );
    view.rerender(<TodoList state={waiting} addToolApprovalResponse={respond} />);
    await vi.waitFor(() => expect(errors).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();

    offline = false;
    vi.resetModules();
    view.rerender(<TodoList state={{ ...waiting }} addToolApprovalResponse={respond} />);
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeTruthy();
  });
});
