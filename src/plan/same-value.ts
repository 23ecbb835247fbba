/** The one structural equality every cache checks with: what lets a kept result stand for a copy. */
import { lastKeyOf, type TodoKeys } from './parse-todos.js';

/**
 * Whether `a` and `b` hold the same data: the same value, or arrays and plain objects whose entries hold the same
 * data, with the same key written last (the key whose value may still grow while a call streams). Anything else
 * (functions, class instances) only as the same object.
 */
export function isSameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null)
    return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    // From the end: a streamed list changes at its end.
    for (let at = a.length - 1; at >= 0; at--) if (a[at] !== b[at] && !isSameValue(a[at], b[at])) return false;
    return true;
  }
  const prototype = Object.getPrototypeOf(a);
  if (Array.isArray(b) || (prototype !== Object.prototype && prototype !== null)) return false;
  if (Object.getPrototypeOf(b) !== prototype) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  let count = 0;
  let lastLeft: string | undefined;
  for (const key in left) {
    const value = left[key];
    if (value !== right[key] && (!Object.hasOwn(right, key) || !isSameValue(value, right[key]))) return false;
    count += 1;
    lastLeft = key;
  }
  let lastRight: string | undefined;
  for (const key in right) {
    count -= 1;
    lastRight = key;
  }
  return count === 0 && lastLeft === lastRight;
}

/**
 * Whether two inputs of a plan tool give the same plan: a task tool's compared whole, a whole-plan tool's only in the
 * `keys` its plan is read from and in the key the input and its last task wrote last (its value may still grow), so a
 * copied long history costs a few loads a task.
 */
export function isSameInput(keys: TodoKeys | undefined, a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (keys === undefined) return isSameValue(a, b);
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) return isSameTasks(keys, a, b);
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const isSameAt = (key: string | undefined): boolean =>
    key === undefined || left[key] === right[key] || isSameTasks(keys, left[key], right[key]);
  return lastKeyOf(left) === lastKeyOf(right) && isSameAt(keys.list) && isSameAt(keys.explanation);
}

function isSameTasks(keys: TodoKeys, a: unknown, b: unknown): boolean {
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  const { text, status, activeForm } = keys;
  for (let at = a.length - 1; at >= 0; at--) {
    const p = a[at] as Record<string, unknown> | null;
    const q = b[at] as Record<string, unknown> | null;
    if (p === q) continue;
    if (typeof p !== 'object' || typeof q !== 'object' || p === null || q === null) return false;
    if (p[text] !== q[text] || p[status] !== q[status]) return false;
    if (activeForm !== undefined && p[activeForm] !== q[activeForm]) return false;
    if (at === a.length - 1 && lastKeyOf(p) !== lastKeyOf(q)) return false;
  }
  return true;
}
