/** Structural sharing: a result reuses the last one's objects wherever their values are the same. */
import { countTodos, type TodoRowStatus } from '../plan/todo-statuses.js';
import { isSameValue } from '../plan/same-value.js';
import type { Row } from '../plan/todo-row.js';
import type { StateOfAnyShape, UnsharedState } from './todo-state.js';

/**
 * `next` as a state, with the row objects (and, when nothing changed, the whole state) of `last` where equal.
 * `lastNext`: what `last` was made from, so rows that come back as the same objects cost no comparison.
 */
export function shareState(
  next: UnsharedState,
  live: boolean,
  agents: readonly string[],
  last: StateOfAnyShape | undefined,
  lastNext: UnsharedState | undefined,
  statuses: readonly TodoRowStatus[],
): StateOfAnyShape {
  const todos = shareRows(next.todos, last?.todos, lastNext?.todos);
  const removed = shareRows(next.removed, last?.removed, lastNext?.removed);
  const counted = last && todos === last.todos ? last.counts : countTodos(todos, statuses);
  const counts = last && isSameValue(counted, last.counts) ? last.counts : counted;
  const state = { ...next, todos, removed, counts, live, ...(agents.length > 0 ? { agents } : {}) } as StateOfAnyShape;
  return last && isSameValue(state, last) ? last : state;
}

/**
 * The only place old rows are reused: looked up at the same position first, by key when they moved. `lastNext`: the
 * rows `old` was shared from, position by position; a row that is the same object there stands for `old`'s. (A call's
 * rows are new objects of the values the state kept: without this, every delta would compare them all again.)
 */
export function shareRows(
  next: readonly Row[],
  old: readonly Row[] | undefined,
  lastNext: readonly Row[] | undefined,
): readonly Row[] {
  if (!old || next === old) return next;
  let oldByKey: Map<string, Row> | undefined;
  const share = (candidate: Row, index: number): Row => {
    const here = old[index];
    if (here !== undefined && (here === candidate || candidate === lastNext?.[index])) return here;
    let kept = here;
    if (kept?.key !== candidate.key) {
      oldByKey ??= new Map(old.map((each) => [each.key, each]));
      kept = oldByKey.get(candidate.key);
    }
    return kept !== undefined && isSameValue(kept, candidate) ? kept : candidate;
  };
  let isSameList = next.length === old.length;
  const rows = next.map((candidate, index) => {
    const shared = share(candidate, index);
    if (shared !== old[index]) isSameList = false;
    return shared;
  });
  return isSameList ? old : rows;
}
