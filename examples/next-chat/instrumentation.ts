/** Starts the workflow engine's world with the server: its queue worker, and the runs a restart left unfinished. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  if (process.env.WORKFLOW_TARGET_WORLD === 'local' && process.env.WORKFLOW_LOCAL_DATA_DIR) {
    const { repairUnrecordedStepEnds } = await import('@/lib/local-runs');
    const repaired = await repairUnrecordedStepEnds(process.env.WORKFLOW_LOCAL_DATA_DIR);
    if (repaired > 0)
      console.log(`[local runs] ${repaired} step(s) whose end a dying server left half written will run again`);
  }
  const { getWorld } = await import('workflow/runtime');
  await getWorld().start?.();
}
