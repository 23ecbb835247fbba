// What a client that derives the checklist without React imports from the server-safe entry.
export { createTodoSelector, formatTodos } from '../../src/index.js';
