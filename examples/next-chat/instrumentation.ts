/** Starts the workflow engine's world with the server: its queue worker, and the runs a restart left unfinished. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { getWorld } = await import('workflow/runtime');
  await getWorld().start?.();
}
