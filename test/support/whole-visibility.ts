/** Whether a control can be seen whole once scrolled to: inside the viewport and inside every ancestor that clips it. */
import type { Locator } from 'playwright-core';

export async function isWhollyVisible(locator: Locator): Promise<boolean> {
  await locator.scrollIntoViewIfNeeded();
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const inside = (outer: { top: number; bottom: number; left: number; right: number }): boolean =>
      box.top >= outer.top - 0.5 &&
      box.bottom <= outer.bottom + 0.5 &&
      box.left >= outer.left - 0.5 &&
      box.right <= outer.right + 0.5;
    if (!inside({ top: 0, left: 0, bottom: window.innerHeight, right: window.innerWidth })) return false;
    for (let ancestor = element.parentElement; ancestor; ancestor = ancestor.parentElement) {
      const { overflowX, overflowY } = getComputedStyle(ancestor);
      if (
        [overflowX, overflowY].some((overflow) => overflow !== 'visible') &&
        !inside(ancestor.getBoundingClientRect())
      )
        return false;
    }
    return true;
  });
}

/** How many pixels of a field's text are hidden, down and across (0, 0: the whole text shows). */
export function hiddenText(field: Locator): Promise<{ height: number; width: number }> {
  return field.evaluate((element) => ({
    height: element.scrollHeight - element.clientHeight,
    width: element.scrollWidth - element.clientWidth,
  }));
}
