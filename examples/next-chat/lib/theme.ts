/** The theme setting: `system` follows the OS; stored in localStorage under `theme`. */
export type ThemeSetting = 'light' | 'dark' | 'system';

export const THEME_STORAGE_KEY = 'theme';

/**
 * Runs in <head> before the first paint: puts `light` or `dark` on <html> from the stored setting
 * (or the OS), so the page never flashes the other theme. Kept in sync with `applyTheme`.
 */
export const THEME_SCRIPT = `(() => {
  let setting = 'system';
  try { setting = localStorage.getItem('${THEME_STORAGE_KEY}') ?? 'system'; } catch {}
  const dark = setting === 'dark' || (setting !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.classList.toggle('light', !dark);
})();`;

/** Puts the class of `setting` on <html> (`system`: the OS's scheme now). */
export function applyTheme(setting: ThemeSetting): void {
  const dark =
    setting === 'dark' || (setting === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.classList.toggle('light', !dark);
}
