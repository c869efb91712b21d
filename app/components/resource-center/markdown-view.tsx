import type { ReactNode } from "react";
import { parseMarkdown, type Block, type Inline } from "./markdown";

function renderInline(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case "text":
        return node.text;
      case "code":
        return (
          <code key={index} className="rounded bg-slate-100 px-1 py-0.5 text-[0.9em]">
            {node.text}
          </code>
        );
      case "strong":
        return <strong key={index}>{renderInline(node.children)}</strong>;
      case "em":
        return <em key={index}>{renderInline(node.children)}</em>;
      case "link": {
        const external = !node.href.startsWith("/");
        return (
          <a
            key={index}
            href={node.href}
            className="text-brand-700 underline hover:text-brand-600"
            rel={external ? "noopener noreferrer nofollow" : undefined}
          >
            {renderInline(node.children)}
          </a>
        );
      }
    }
  });
}

function renderBlock(block: Block, index: number): ReactNode {
  switch (block.type) {
    case "heading": {
      const Heading = `h${block.level}` as const;
      const size = block.level === 2 ? "mt-8 text-xl" : "mt-6 text-lg";
      return (
        <Heading key={index} className={`${size} font-semibold text-slate-900`}>
          {renderInline(block.children)}
        </Heading>
      );
    }
    case "paragraph":
      return (
        <p key={index} className="mt-4 leading-7 text-slate-700">
          {renderInline(block.children)}
        </p>
      );
    case "list": {
      const items = block.items.map((item, i) => (
        <li key={i} className="pl-1">
          {renderInline(item)}
        </li>
      ));
      return block.ordered ? (
        <ol
          key={index}
          start={block.start === 1 ? undefined : block.start}
          className="mt-4 list-decimal space-y-2 pl-6 leading-7 text-slate-700"
        >
          {items}
        </ol>
      ) : (
        <ul key={index} className="mt-4 list-disc space-y-2 pl-6 leading-7 text-slate-700">
          {items}
        </ul>
      );
    }
  }
}

/** Markdown as React elements: never HTML (see markdown.ts). */
export function MarkdownView({ source }: { source: string }) {
  return <div>{parseMarkdown(source).map(renderBlock)}</div>;
}
