/** When two tasks are the same task: the one rule that rows, diffs, review and the tool's edits share. */

/** The text a task is known by: its trimmed text. */
export function taskTextOf(content: string): string {
  return content.trim();
}

/** Per text of `after`, the position in `before` of the first task with the same text not matched yet. */
export function matchTodoTexts(before: readonly string[], after: readonly string[]): (number | undefined)[] {
  const positionsByText = new Map<string, number[]>();
  before.forEach((text, position) => {
    const key = taskTextOf(text);
    const positions = positionsByText.get(key);
    if (positions) positions.push(position);
    else positionsByText.set(key, [position]);
  });
  // Positions are claimed front to back, so the first unclaimed one is always at the head.
  return after.map((text) => positionsByText.get(taskTextOf(text))?.shift());
}

/** Whether both lists hold the same tasks (by {@link matchTodoTexts}), whatever their order and statuses. */
export function isSameTaskSet(before: readonly string[], after: readonly string[]): boolean {
  return before.length === after.length && matchTodoTexts(before, after).every((position) => position !== undefined);
}
