/** The bridge imports `McpServer` and builds one only when the agent has tools of its own; ours has none. */
export class McpServer {
  tool() {}
}
