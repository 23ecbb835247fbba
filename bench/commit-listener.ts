/** Called after every React commit with the number of `<li>` elements (and call summaries) rendered in it (set up by bench/setup-dom.ts). */
export const commitListener: { onCommit: (rowsRendered: number, summariesRendered: number) => void } = {
  onCommit: () => {},
};
