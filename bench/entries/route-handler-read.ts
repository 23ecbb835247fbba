// A route handler that replays a todo_write plan: the replay helper alone.
export { readTodos } from '../../src/index.js';
