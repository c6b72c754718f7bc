import type { VNode } from "./view.js";

/** Every node of a view, depth first (for the views' unit tests: no browser needed). */
export function nodesOf(vnode: VNode): VNode[] {
  return [vnode, ...(vnode.children ?? []).flatMap((c) => (typeof c === "string" ? [] : nodesOf(c)))];
}

/** The node whose selector names `id` (`tag#id.class`); throws when there is none. */
export function byId(vnode: VNode, id: string): VNode {
  const found = nodesOf(vnode).find((n) => n.sel !== undefined && new RegExp(`#${id}(?:$|\\.)`).test(n.sel));
  if (found === undefined) throw new Error(`no #${id} in the view`);
  return found;
}

/** Whether the view holds a node with that id. */
export function hasId(vnode: VNode, id: string): boolean {
  return nodesOf(vnode).some((n) => n.sel !== undefined && new RegExp(`#${id}(?:$|\\.)`).test(n.sel));
}

/** The text a node shows, its children's joined. */
export function textOf(vnode: VNode): string {
  return (vnode.text ?? "") + (vnode.children ?? []).map((c) => (typeof c === "string" ? c : textOf(c))).join("");
}

/** Every id in the view, in order (a page's ids are unique). */
export function idsOf(vnode: VNode): string[] {
  return nodesOf(vnode).flatMap((n) => /#([\w-]+)/.exec(n.sel ?? "")?.[1] ?? []);
}
