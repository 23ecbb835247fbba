/** Why a call's list is not on screen, in one table: the checklist's notice, the call's summary and the announcement all say it in these words. */

/**
 * Each way a call can fail, with its English label: `error` (the tool refused it), `denied` (the person sent it
 * back), `interrupted` (it never finished).
 */
export const TODO_REJECTIONS = {
  error: 'Update rejected',
  denied: 'Changes requested',
  interrupted: 'Stopped before it was saved',
} as const;
