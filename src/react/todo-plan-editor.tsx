/** The editor of a waiting plan: a field per task, reorder, remove and add, checked by the tool's rules as the person types. */
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import {
  checkTodoEdit,
  type Todo,
  type TodoEditCheck,
  type TodoLimits,
  type TodoReviewLabels,
  type TodoRowStatus,
} from '../core.js';
import { VISUALLY_HIDDEN } from './todo-list-row.js';

interface DraftTodo extends Todo {
  /** A stable key for the row while it moves. */
  key: string;
}

/** Where focus goes after the next render: a row's field or button, or "Add task". */
type FocusTarget = { key: string; element: 'field' | 'up' | 'down' } | { key?: never; element: 'add' | 'approve' };

interface DraftEdit {
  draft: DraftTodo[];
  /** The key the next added task gets: keys are never reused. */
  nextKey: number;
  /** Where focus goes once this edit is on screen. */
  focus?: FocusTarget;
}

function focusIn(form: HTMLFormElement | null, target: FocusTarget): void {
  const selector =
    target.key === undefined
      ? `[data-todo-edit-${target.element}]`
      : `[data-todo-edit-row="${target.key}"] [data-todo-edit-${target.element}]`;
  form?.querySelector<HTMLElement>(selector)?.focus();
}

export interface TodoPlanEditorProps {
  proposed: readonly Todo<TodoRowStatus>[];
  /** The tool's limits, which every edit is held to. */
  limits: TodoLimits;
  labels: TodoReviewLabels;
  busy: boolean;
  /** Called with a list that follows every rule. */
  onApprove: (todos: Todo[]) => void;
  /** Escape or Cancel: the proposal stands. */
  onCancel: () => void;
}

/**
 * The proposal as text fields: rename, remove, move and add tasks, checked against the tool's rules
 * as the person types. Statuses stay as proposed; a new task is `pending`.
 */
export function TodoPlanEditor(props: TodoPlanEditorProps): ReactNode {
  const { proposed, limits, labels, busy, onApprove, onCancel } = props;
  const { maxTodos, maxContentLength } = limits;
  const id = useId();
  // Where focus goes belongs to the edit that asks for it, so an effect still pending from an earlier render cannot take it.
  const [edit, setEdit] = useState<DraftEdit>(() => ({
    draft: proposed.map(({ content, status }, index) => ({
      key: String(index),
      content,
      status: status as Todo['status'],
    })),
    nextKey: proposed.length,
    focus: proposed.length > 0 ? { key: '0', element: 'field' } : { element: 'add' },
  }));
  const { draft, nextKey } = edit;
  const formRef = useRef<HTMLFormElement>(null);

  // Each field is as tall as its text, so the whole task shows: CSS `field-sizing` where the browser has it, else here.
  useLayoutEffect(() => {
    for (const field of formRef.current?.querySelectorAll<HTMLTextAreaElement>('[data-todo-edit-field]') ?? []) {
      if (getComputedStyle(field).getPropertyValue('field-sizing') === 'content') continue;
      field.style.height = 'auto';
      field.style.height = `${field.scrollHeight + field.offsetHeight - field.clientHeight}px`;
    }
  });
  useEffect(() => {
    if (edit.focus) focusIn(formRef.current, edit.focus);
  }, [edit]);

  const check: TodoEditCheck = checkTodoEdit(draft, limits);
  const problemText = (problem: TodoEditCheck['items'][number]): string | undefined =>
    problem === 'empty'
      ? labels.emptyTask
      : problem === 'too-long'
        ? labels.longTask(maxContentLength)
        : problem === 'duplicate'
          ? labels.duplicateTask
          : problem === 'in-progress'
            ? labels.twoInProgress
            : undefined;

  const update = (index: number, content: string): void =>
    setEdit({ draft: draft.map((todo, at) => (at === index ? { ...todo, content } : todo)), nextKey });
  const remove = (index: number): void => {
    const next = draft.filter((_, at) => at !== index);
    const neighbour = next[index] ?? next[index - 1];
    setEdit({ draft: next, nextKey, focus: neighbour ? { key: neighbour.key, element: 'field' } : { element: 'add' } });
  };
  const move = (index: number, by: -1 | 1): void => {
    const to = index + by;
    const moved = draft[index];
    if (!moved || to < 0 || to >= draft.length) return;
    const next = [...draft];
    next.splice(index, 1);
    next.splice(to, 0, moved);
    setEdit({ draft: next, nextKey, focus: { key: moved.key, element: by < 0 ? 'up' : 'down' } });
  };
  const add = (): void => {
    if (draft.length >= maxTodos) return;
    const key = String(nextKey);
    setEdit({
      draft: [...draft, { key, content: '', status: 'pending' }],
      nextKey: nextKey + 1,
      focus: { key, element: 'field' },
    });
  };
  const approve = (): void => {
    if (busy || !check.valid) return;
    onApprove(draft.map(({ content, status }) => ({ content, status })));
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    approve();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>): void => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
      return;
    }
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-todo-edit-row]');
    if (event.key !== 'Enter' || !(event.target as HTMLElement).hasAttribute('data-todo-edit-field') || !row) return;
    // Enter moves on to the next task, and from the last one to Approve.
    event.preventDefault();
    const index = draft.findIndex((todo) => todo.key === row.dataset.todoEditRow);
    const following = draft[index + 1];
    focusIn(formRef.current, following ? { key: following.key, element: 'field' } : { element: 'approve' });
  };

  return (
    <form
      ref={formRef}
      aria-label={labels.editor}
      data-todo-edit-form=""
      onSubmit={onSubmit}
      onKeyDown={onKeyDown}
      noValidate
    >
      <ol data-todo-edit-list="">
        {draft.map((todo, index) => {
          const number = index + 1;
          const problem = problemText(check.items[index]);
          const fieldId = `${id}t${todo.key}`;
          return (
            <li key={todo.key} data-todo-edit-row={todo.key} data-status={todo.status}>
              <span data-todo-icon="" aria-hidden="true" />
              <label htmlFor={fieldId} style={VISUALLY_HIDDEN}>
                {labels.task(number)}
              </label>
              <textarea
                id={fieldId}
                rows={1}
                autoComplete="off"
                enterKeyHint="next"
                maxLength={maxContentLength}
                value={todo.content}
                // A task is one line: a pasted line break becomes a space.
                onChange={(event) => update(index, event.target.value.replace(/\r?\n/g, ' '))}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${fieldId}p` : undefined}
                data-todo-edit-field=""
              />
              <span data-todo-edit-buttons="">
                <button
                  type="button"
                  aria-label={labels.moveUp(number)}
                  aria-disabled={index === 0 || undefined}
                  onClick={() => move(index, -1)}
                  data-todo-edit-up=""
                >
                  ↑
                </button>
                <button
                  type="button"
                  aria-label={labels.moveDown(number)}
                  aria-disabled={index === draft.length - 1 || undefined}
                  onClick={() => move(index, 1)}
                  data-todo-edit-down=""
                >
                  ↓
                </button>
                <button
                  type="button"
                  aria-label={labels.removeTask(number)}
                  onClick={() => remove(index)}
                  data-todo-edit-remove=""
                >
                  ×
                </button>
              </span>
              {problem && (
                <span id={`${fieldId}p`} data-todo-edit-problem="">
                  {problem}
                </span>
              )}
            </li>
          );
        })}
      </ol>
      <span data-todo-review-actions="">
        <button
          type="button"
          onClick={add}
          aria-disabled={draft.length >= maxTodos || undefined}
          aria-describedby={check.tooMany || draft.length >= maxTodos ? `${id}n` : undefined}
          data-todo-edit-add=""
        >
          {labels.addTask}
        </button>
        <button type="submit" disabled={!check.valid} aria-disabled={busy || undefined} data-todo-edit-approve="">
          {labels.approve}
        </button>
        <button type="button" onClick={onCancel} data-todo-review-cancel="">
          {labels.cancel}
        </button>
      </span>
      {(check.tooMany || draft.length >= maxTodos) && (
        <span id={`${id}n`} data-todo-edit-problem="">
          {labels.tooManyTasks(maxTodos)}
        </span>
      )}
    </form>
  );
}
