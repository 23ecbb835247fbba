/** Starts the workflow engine's world with the server: its queue worker, and the runs a restart left unfinished. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { storeUnavailable } = await import('@/lib/chat-database');
  const unavailable = storeUnavailable();
  // Said once at start, where the person who ran `npm run dev` looks; the chat route answers with it too.
  if (unavailable !== undefined) console.error(`\n  ✖ ${unavailable}\n`);
  if (process.env.WORKFLOW_TARGET_WORLD === 'local' && process.env.WORKFLOW_LOCAL_DATA_DIR) {
    const { repairUnrecordedStepEnds } = await import('@/lib/engine-workarounds');
    // A failed repair is only logged: the server starts all the same.
    await repairUnrecordedStepEnds(process.env.WORKFLOW_LOCAL_DATA_DIR).then(
      (repaired) =>
        repaired > 0 && console.log(`[local runs] ${repaired} half-recorded step end(s) set back to run again`),
      (error) => console.error('[local runs] repair failed:', error),
    );
  }
  const { getWorld } = await import('workflow/runtime');
  await getWorld().start?.();
}
