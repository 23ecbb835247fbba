/**
 * One broken rule of a `todo_write` input: what it is (`code`, the 0-based `item` or `items` of the task array) and
 * `message`, the line the model reads (the checklist shows it too).
 */
export type TodoProblem =
  | { code: 'not-a-list'; at: 'input' | 'todos'; received: string; message: string }
  | { code: 'too-many'; count: number; maximum: number; message: string }
  | { code: 'not-an-object' | 'no-content' | 'empty' | 'bad-status'; item: number; message: string }
  | { code: 'too-long'; item: number; length: number; maximum: number; message: string }
  | { code: 'duplicate'; items: number[]; text: string; message: string }
  | { code: 'in-progress'; items: number[]; message: string };
