/** Why a call's list is not on screen, in one table: the checklist's notice, the call's summary and the announcement all say it in these words. */

/** Each way a call can fail, with its English label: the tool refused it, the person sent it back, or it never finished. */
export const TODO_REJECTIONS = {
  error: 'Update rejected',
  denied: 'Changes requested',
  interrupted: 'Stopped before it was saved',
} as const;

/** `error` (the tool refused the call), `denied` (the person sent the plan back), `interrupted` (it never finished). */
export type TodoRejection = keyof typeof TODO_REJECTIONS;
