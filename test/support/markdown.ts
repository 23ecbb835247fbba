/**
 * Just enough Markdown for checking the docs: fenced code blocks (with the marker comment on the
 * line before them), headings and their GitHub anchors, and the links outside code.
 */

/** A marker on the line right before a fence: `<!-- file: path -->`, `<!-- excerpt: path -->`, `<!-- generated: name -->`. */
export interface CodeBlockMarker {
  kind: 'file' | 'excerpt' | 'generated';
  value: string;
}

export interface CodeBlock {
  /** The fence's language (`ts`, `tsx`, `sh`, …), `''` when it has none. */
  lang: string;
  /** The lines between the fences, without the fence's indentation and without the final newline. */
  code: string;
  /** 1-based line of the block's first code line in its file. */
  line: number;
  marker?: CodeBlockMarker | undefined;
}

export interface MarkdownLink {
  target: string;
  /** 1-based line. */
  line: number;
}

export interface MarkdownDocument {
  blocks: CodeBlock[];
  links: MarkdownLink[];
  /** Every anchor a link may point at: GitHub's heading slugs, plus explicit `<a id>` / `<a name>`. */
  anchors: Set<string>;
}

const FENCE = /^(\s*)(`{3,}|~{3,})\s*([^`\s]*)[^`]*$/;
const MARKER = /^\s*<!-- (file|excerpt|generated): (\S+) -->\s*$/;
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$/;
// Link text may hold one level of brackets (`[app/chat/[id]/page.tsx](…)`); destinations may be `<…>`.
const INLINE_LINK = /!?\[(?:[^[\]]|\[[^[\]]*\])*\]\(\s*(?:<([^>]*)>|([^)\s]+))(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g;
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]]+\]:\s*<?([^>\s]+)>?/;
const HTML_ATTRIBUTE = /\b(?:href|src)="([^"]+)"/g;
const HTML_ANCHOR = /<a\s[^>]*\b(?:id|name)="([^"]+)"/g;

/** Parses a Markdown file's text. */
export function parseMarkdown(text: string): MarkdownDocument {
  const lines = text.split('\n');
  const blocks: CodeBlock[] = [];
  const links: MarkdownLink[] = [];
  const anchors = new Set<string>();
  const slugCounts = new Map<string, number>();
  let open: { fence: string; indent: number; lang: string; start: number; marker?: CodeBlockMarker } | undefined;
  let body: string[] = [];

  lines.forEach((line, index) => {
    if (open) {
      const closing = line.trim();
      if (closing.startsWith(open.fence) && /^(`+|~+)$/.test(closing) && closing[0] === open.fence[0]) {
        blocks.push({ lang: open.lang, code: body.join('\n'), line: open.start, marker: open.marker });
        open = undefined;
      } else {
        body.push(stripIndent(line, open.indent));
      }
      return;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const markerMatch = MARKER.exec(lines[index - 1] ?? '');
      open = {
        fence: fence[2]!,
        indent: fence[1]!.length,
        lang: fence[3]!.toLowerCase(),
        start: index + 2,
        marker: markerMatch ? { kind: markerMatch[1] as CodeBlockMarker['kind'], value: markerMatch[2]! } : undefined,
      };
      body = [];
      return;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const slug = githubSlug(heading[2]!);
      const count = slugCounts.get(slug) ?? 0;
      slugCounts.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    const prose = line.replace(/(`+)[\s\S]*?\1/g, '');
    for (const match of prose.matchAll(HTML_ANCHOR)) anchors.add(match[1]!);
    for (const match of prose.matchAll(INLINE_LINK)) links.push({ target: (match[1] ?? match[2])!, line: index + 1 });
    for (const match of prose.matchAll(HTML_ATTRIBUTE)) links.push({ target: match[1]!, line: index + 1 });
    const definition = REFERENCE_DEFINITION.exec(prose);
    if (definition) links.push({ target: definition[1]!, line: index + 1 });
  });
  if (open) throw new Error(`a code fence opened on line ${open.start - 1} is never closed`);
  return { blocks, links, anchors };
}

/**
 * The anchor GitHub gives a heading: its text without link syntax and backticks, lower-cased, every
 * character that is not a letter, digit, mark, `_`, `-` or space dropped, spaces turned into `-`.
 * (Raw HTML in a heading is not supported: write it in backticks.)
 */
export function githubSlug(heading: string): string {
  const text = heading.replace(/!?\[((?:[^[\]]|\[[^[\]]*\])*)\]\([^)]*\)/g, '$1').replace(/`/g, '');
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Removes up to `indent` leading spaces, as CommonMark does for the lines of an indented fence. */
function stripIndent(line: string, indent: number): string {
  let removed = 0;
  while (removed < indent && line[removed] === ' ') removed++;
  return line.slice(removed);
}
