// What a route handler pays: the tool and the replay helper, tree-shaken from the server entry.
export { readTodos, todoWrite } from '../../src/index.js';
