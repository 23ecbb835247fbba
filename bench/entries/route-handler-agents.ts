// A route handler that replays another agent's plan: the replay helper with the shapes of todo-write/agents.
export { agentTodoTools } from '../../src/agents.js';
export { readTodos } from '../../src/index.js';
