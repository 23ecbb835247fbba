// The same page built against the published files (dist/), as an app's bundler sees them.
export { TodoList, useTodos } from '../../dist/react.js';
