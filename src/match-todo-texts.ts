/** The one rule that pairs the tasks of two lists: rows, diffs and plan review all use it. */

/** Per text of `after`, the position in `before` of the first equal text (trimmed) not matched yet, or `undefined`. */
export function matchTodoTexts(before: readonly string[], after: readonly string[]): (number | undefined)[] {
  const positionsByText = new Map<string, number[]>();
  before.forEach((text, position) => {
    const trimmed = text.trim();
    const positions = positionsByText.get(trimmed);
    if (positions) positions.push(position);
    else positionsByText.set(trimmed, [position]);
  });
  // Positions are claimed front to back, so the first unclaimed one is always at the head.
  return after.map((text) => positionsByText.get(text.trim())?.shift());
}

/** Whether both lists hold the same tasks (by {@link matchTodoTexts}), whatever their order and statuses. */
export function isSameTaskSet(before: readonly string[], after: readonly string[]): boolean {
  return before.length === after.length && matchTodoTexts(before, after).every((position) => position !== undefined);
}
