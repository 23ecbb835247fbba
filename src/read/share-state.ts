/** Structural sharing: a result reuses the last one's objects wherever their values are the same. */
import { countTodos, type TodoRowStatus } from '../plan/todo-statuses.js';
import { isSameValue } from '../plan/same-value.js';
import type { Row } from '../plan/todo-row.js';
import type { StateOfAnyShape, UnsharedState } from './todo-state.js';

/** `next` as a state, with the row objects (and, when nothing changed, the whole state) of `last` where equal. */
export function shareState(
  next: UnsharedState,
  live: boolean,
  agents: readonly string[],
  last: StateOfAnyShape | undefined,
  statuses: readonly TodoRowStatus[],
  aliases: RowAliases,
): StateOfAnyShape {
  const todos = shareRows(next.todos, last?.todos, aliases);
  const removed = shareRows(next.removed, last?.removed, aliases);
  const counted = last && todos === last.todos ? last.counts : countTodos(todos, statuses);
  const counts = last && isSameValue(counted, last.counts) ? last.counts : counted;
  const state = { ...next, todos, removed, counts, live, ...(agents.length > 0 ? { agents } : {}) } as StateOfAnyShape;
  return last && isSameValue(state, last) ? last : state;
}

/**
 * Per view: each new row object found equal to an older one, mapped to the older one the state kept. The rows a call
 * places are new objects of the same values as the state's; through this map a later delta compares them by identity.
 */
export type RowAliases = WeakMap<Row, Row>;

/** The only place old rows are reused: looked up at the same position first, by key when they moved. */
export function shareRows(next: readonly Row[], old: readonly Row[] | undefined, aliases: RowAliases): readonly Row[] {
  if (!old || next === old) return next;
  let oldByKey: Map<string, Row> | undefined;
  let isSameList = next.length === old.length;
  const rows = next.map((candidate, index) => {
    let kept = old[index];
    if (kept?.key !== candidate.key) {
      oldByKey ??= new Map(old.map((each) => [each.key, each]));
      kept = oldByKey.get(candidate.key);
    }
    const result = reuse(candidate, kept, aliases);
    if (result !== old[index]) isSameList = false;
    return result;
  });
  return isSameList ? old : rows;
}

function reuse(candidate: Row, kept: Row | undefined, aliases: RowAliases): Row {
  if (kept === undefined || kept === candidate) return candidate;
  if (kept === aliases.get(candidate)) return kept;
  if (!isSameValue(kept, candidate)) return candidate;
  aliases.set(candidate, kept);
  return kept;
}
