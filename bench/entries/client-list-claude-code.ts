// The same page reading Claude Code's TodoWrite: one built-in shape on top of the checklist.
import { agentTodoTools } from '../../src/agents.js';

export { TodoList, useTodos } from '../../src/react.js';
export const tool = agentTodoTools.claudeCode;
