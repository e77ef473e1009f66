// Renders the Markdown tree of markdown.ts as React elements: text stays text (React escapes it),
// links are plain anchors to checked addresses, external ones open in a new tab.
import { createElement, type ReactNode } from 'react';
import type { Block, Inline } from './markdown.ts';

function renderInline(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, i) => {
    switch (node.type) {
      case 'text':
        return node.text;
      case 'code':
        return <code key={i}>{node.text}</code>;
      case 'strong':
        return <strong key={i}>{renderInline(node.children)}</strong>;
      case 'em':
        return <em key={i}>{renderInline(node.children)}</em>;
      case 'link': {
        const external = /^https?:/i.test(node.href);
        return (
          <a key={i} href={node.href} {...(external ? { target: '_blank', rel: 'noreferrer noopener' } : {})}>
            {renderInline(node.children)}
          </a>
        );
      }
    }
  });
}

export function MarkdownView({ blocks }: { blocks: Block[] }) {
  return (
    <>
      {blocks.map((block, i) => {
        if (block.type === 'heading') return createElement(`h${block.level}`, { key: i }, renderInline(block.children));
        if (block.type === 'paragraph') return <p key={i}>{renderInline(block.children)}</p>;
        const List = block.ordered ? 'ol' : 'ul';
        return (
          <List key={i}>
            {block.items.map((item, j) => (
              <li key={j}>{renderInline(item)}</li>
            ))}
          </List>
        );
      })}
    </>
  );
}
