import { Fragment, createElement, type ReactNode } from 'react';

const TAG = /<([a-z]+)>[^<]*<\/\1>/g;

/**
 * Turns a translated sentence such as `<actor>…</actor> started reading <book>…</book>` into React
 * nodes: each tag is replaced by what `parts` renders for it (a link holding the reader's name or a
 * book title), the text between stays text. The readers' own words never pass through a parser, so
 * a title like `<b>` shows as written. Unknown tags are dropped.
 */
export function taggedSentence(template: string, parts: Record<string, () => ReactNode>): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of template.matchAll(TAG)) {
    if (match.index > last) nodes.push(template.slice(last, match.index));
    const render = parts[match[1]!];
    if (render) nodes.push(createElement(Fragment, { key: `${match[1]}-${match.index}` }, render()));
    last = match.index + match[0].length;
  }
  if (last < template.length) nodes.push(template.slice(last));
  return nodes;
}
