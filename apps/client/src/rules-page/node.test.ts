import { describe, expect, it } from "vitest";
import { h, mount, s, textOf } from "./node.js";

/** Just enough of a Document to watch what `mount` creates. */
interface FakeNode {
  kind: string;
  ns?: string;
  attrs: Record<string, string>;
  children: FakeNode[];
  text?: string;
}
function element(
  kind: string,
  ns?: string,
): FakeNode & { setAttribute(k: string, v: string): void; appendChild(c: FakeNode): void } {
  const n: FakeNode = { kind, attrs: {}, children: [], ...(ns === undefined ? {} : { ns }) };
  return Object.assign(n, {
    setAttribute: (k: string, v: string) => void (n.attrs[k] = v),
    appendChild: (c: FakeNode) => void n.children.push(c),
  });
}
const doc = {
  createElement: (tag: string) => element(tag),
  createElementNS: (ns: string, tag: string) => element(tag, ns),
  createTextNode: (text: string): FakeNode => ({ kind: "#text", text, attrs: {}, children: [] }),
} as unknown as Document;

describe("node trees", () => {
  it("mounts HTML and SVG in the right namespaces, text as text", () => {
    const tree = h("p", { class: "x" }, ["<b>not bold</b>", s("svg", { role: "img" }, [s("rect")])]);
    const out = mount(doc, tree) as unknown as FakeNode;
    expect(out.kind).toBe("p");
    expect(out.ns).toBeUndefined();
    expect(out.attrs).toEqual({ class: "x" });
    expect(out.children[0]).toMatchObject({ kind: "#text", text: "<b>not bold</b>" });
    expect(out.children[1]).toMatchObject({ kind: "svg", ns: "http://www.w3.org/2000/svg", attrs: { role: "img" } });
    expect(out.children[1]?.children[0]).toMatchObject({ kind: "rect", ns: "http://www.w3.org/2000/svg" });
  });

  it("collects text depth first", () => {
    expect(textOf(h("div", {}, ["a", h("span", {}, ["b", h("i", {}, ["c"])]), "d"]))).toBe("abcd");
  });
});
