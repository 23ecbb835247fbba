// What a chat page pays for the checklist of its own todo_write tool: the hook and the component.
export { TodoList, useTodos } from '../../src/react.js';
