// A tiny Markdown reader for the legal texts: headings, paragraphs, bullet and numbered lists, links,
// bold, italics and inline code. It builds a tree that markdown-view.tsx renders as React elements,
// so no text is ever injected as HTML; links keep only http(s), mailto and same-site addresses.

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong' | 'em'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; children: Inline[] };

export type Block =
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; items: Inline[][] };

const headingLine = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const bulletLine = /^\s{0,3}[-*+]\s+(.*)$/;
const numberedLine = /^\s{0,3}\d{1,9}[.)]\s+(.*)$/;

/** An address a legal text may link to: the web, mail, or a path or anchor of this site. */
export function safeHref(href: string): string | null {
  const value = href.trim();
  if (/^(https?:|mailto:)/i.test(value)) return value;
  if (/^\/(?![/\\])/.test(value) || value.startsWith('#')) return value;
  return null;
}

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', children: parseInline(paragraph.join(' ')) });
    if (list) blocks.push({ type: 'list', ordered: list.ordered, items: list.items.map(parseInline) });
    paragraph = [];
    list = null;
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.replace(/\t/g, '    ');
    if (line.trim() === '') {
      flush();
      continue;
    }
    const heading = headingLine.exec(line);
    if (heading) {
      flush();
      blocks.push({ type: 'heading', level: heading[1]!.length as 1, children: parseInline(heading[2]!) });
      continue;
    }
    const bullet = bulletLine.exec(line);
    const numbered = bullet ? null : numberedLine.exec(line);
    const item = bullet ?? numbered;
    if (item) {
      const ordered = numbered !== null;
      if (paragraph.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push(item[1]!.trim());
      continue;
    }
    if (list && /^\s+\S/.test(line)) {
      // An indented line continues the list item above it.
      list.items[list.items.length - 1] += ` ${line.trim()}`;
      continue;
    }
    if (list) flush();
    paragraph.push(line.trim());
  }
  flush();
  return blocks;
}

const inlinePatterns: { type: Inline['type']; re: RegExp }[] = [
  { type: 'code', re: /`([^`]+)`/ },
  { type: 'link', re: /\[([^\]]+)\]\(([^)\s]+)\)/ },
  { type: 'strong', re: /\*\*(.+?)\*\*|__(.+?)__/ },
  { type: 'em', re: /\*([^*\s](?:[^*]*[^*\s])?)\*|\b_([^_\s](?:[^_]*[^_\s])?)_\b/ },
];

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let rest = text;
  while (rest) {
    // The earliest match wins; at the same place, the order above decides (code before links).
    let best: { type: Inline['type']; match: RegExpExecArray } | null = null;
    for (const { type, re } of inlinePatterns) {
      const match = re.exec(rest);
      if (match && (!best || match.index < best.match.index)) best = { type, match };
    }
    if (!best) {
      out.push({ type: 'text', text: rest });
      break;
    }
    const { type, match } = best;
    if (match.index > 0) out.push({ type: 'text', text: rest.slice(0, match.index) });
    const inner = match[1] ?? match[2] ?? '';
    if (type === 'code') out.push({ type: 'code', text: inner });
    else if (type === 'link') {
      const href = safeHref(match[2]!);
      if (href) out.push({ type: 'link', href, children: parseInline(inner) });
      else out.push(...parseInline(inner));
    } else out.push({ type: type as 'strong' | 'em', children: parseInline(inner) });
    rest = rest.slice(match.index + match[0].length);
  }
  return mergeText(out);
}

function mergeText(nodes: Inline[]): Inline[] {
  const merged: Inline[] = [];
  for (const node of nodes) {
    const last = merged[merged.length - 1];
    if (node.type === 'text' && last?.type === 'text') last.text += node.text;
    else merged.push(node);
  }
  return merged;
}

/** The text of the first heading: the page's title. */
export function titleOf(blocks: Block[]): string | null {
  const heading = blocks.find((b) => b.type === 'heading');
  return heading ? plainText(heading.children) : null;
}

export function plainText(nodes: Inline[]): string {
  return nodes.map((n) => (n.type === 'text' || n.type === 'code' ? n.text : plainText(n.children))).join('');
}
