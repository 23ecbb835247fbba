// Other agents' plan tools: an app that reads only todo_write never loads this entry.
export { agentTodoTools } from './agents/agent-todo-tools.js';
