/**
 * The JSON schema the model must see for todo_write, written out by hand (not imported from src)
 * so a change to what the model reads fails the tests that pin it.
 */
export const EXPECTED_INPUT_SCHEMA = {
  type: 'object',
  properties: {
    todos: {
      type: 'array',
      description: 'Every task, in order.',
      items: {
        type: 'object',
        properties: {
          content: { type: 'string', description: 'One short imperative line.' },
          status: { type: 'string', enum: ['pending', 'in_progress', 'completed'] },
        },
        required: ['content', 'status'],
        additionalProperties: false,
      },
    },
  },
  required: ['todos'],
  additionalProperties: false,
};
