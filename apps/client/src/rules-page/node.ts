/**
 * A tiny description of DOM content as plain data. The page is built as a tree of
 * these and only mounted at the end, so everything above `mount` is a pure function
 * that tests can inspect without a DOM library.
 */
export interface El {
  tag: string; // an HTML or SVG tag name
  attrs: Readonly<Record<string, string>>; // attribute → value ("class", "aria-label", …)
  children: readonly Child[];
  svg?: boolean; // created in the SVG namespace
}
export type Child = El | string; // a string is a text node, never parsed as HTML

/** Builds an element description. */
export function h(tag: string, attrs: Record<string, string> = {}, children: readonly Child[] = []): El {
  return { tag, attrs, children };
}

/** Builds an SVG element description (created with the SVG namespace). */
export function s(tag: string, attrs: Record<string, string> = {}, children: readonly Child[] = []): El {
  return { tag, attrs, children, svg: true };
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** Creates real DOM nodes for a description. Text is set as text, so nothing is parsed as HTML. */
export function mount(doc: Document, node: Child): Node {
  if (typeof node === "string") return doc.createTextNode(node);
  const el = node.svg ? doc.createElementNS(SVG_NS, node.tag) : doc.createElement(node.tag);
  for (const [k, v] of Object.entries(node.attrs)) el.setAttribute(k, v);
  for (const c of node.children) el.appendChild(mount(doc, c));
  return el;
}

/** Every element of a tree, depth first (for tests and checks). */
export function* walk(node: Child): Generator<El> {
  if (typeof node === "string") return;
  yield node;
  for (const c of node.children) yield* walk(c);
}

/** All text of a tree, concatenated. */
export function textOf(node: Child): string {
  return typeof node === "string" ? node : node.children.map(textOf).join("");
}
