// Renders the answer's markdown as React elements (text nodes only, never HTML) with its citations as buttons.

import type { ReactNode } from 'react';
import { type Block, type Inline, parseMarkdown } from '../../../common/workup/markdown';
import { plainText } from '../../record/plain';
import { Citations } from '../Citation/Citation';

function InlineNode({ node }: { node: Inline }): ReactNode {
  switch (node.type) {
    case 'text':
      return plainText(node.text);
    case 'strong':
      return (
        <strong>
          <Inlines nodes={node.children} />
        </strong>
      );
    case 'em':
      return (
        <em>
          <Inlines nodes={node.children} />
        </em>
      );
    case 'code':
      return <code>{node.text}</code>;
    case 'cite':
      return <Citations refs={node.refs} />;
  }
}

function Inlines({ nodes }: { nodes: Inline[] }): ReactNode {
  // biome-ignore lint/suspicious/noArrayIndexKey: inline nodes are positional and never reorder
  return nodes.map((node, i) => <InlineNode key={i} node={node} />);
}

function BlockView({ block }: { block: Block }): ReactNode {
  switch (block.type) {
    case 'heading': {
      // The report's own headings are h2/h3, so the answer's start at h4.
      const Tag = `h${Math.min(6, block.level + 3)}` as 'h4' | 'h5' | 'h6';
      return (
        <Tag className="answer-heading">
          <Inlines nodes={block.inline} />
        </Tag>
      );
    }
    case 'paragraph':
      return (
        <p>
          <Inlines nodes={block.inline} />
        </p>
      );
    case 'list': {
      const items = block.items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: list items are positional and never reorder
        <li key={i}>
          <Inlines nodes={item} />
        </li>
      ));
      return block.ordered ? <ol start={block.start}>{items}</ol> : <ul>{items}</ul>;
    }
    case 'rule':
      return <hr />;
  }
}

/**
 * Shows the workup's answer.
 * @param props - The answer's markdown.
 * @returns The rendered answer.
 */
export function Answer({ markdown }: { markdown: string }): ReactNode {
  const blocks = parseMarkdown(markdown);
  return (
    <div className="answer" data-testid="answer">
      {blocks.map((block, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks are positional and never reorder
        <BlockView key={i} block={block} />
      ))}
    </div>
  );
}
