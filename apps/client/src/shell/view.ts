/**
 * The DOM pages' view library: snabbdom (see the README's *Pages*). A page is a controller
 * (state and actions), a pure `view(ctrl)` returning virtual nodes, and `redraw()`, which
 * patches the page's node to the new view: only what changed is touched, so the focus, a
 * field being typed in and an open popover stay as they are without any repair.
 */
// Module by module: the package's index also loads the style module, which reads `window` on import (a view's unit test has none).
import { h } from "snabbdom/build/h.js";
import { init } from "snabbdom/build/init.js";
import { attributesModule } from "snabbdom/build/modules/attributes.js";
import { classModule } from "snabbdom/build/modules/class.js";
import { eventListenersModule } from "snabbdom/build/modules/eventlisteners.js";
import { propsModule } from "snabbdom/build/modules/props.js";
import type { VNode, VNodeData } from "snabbdom/build/vnode.js";

export { h, type VNode, type VNodeData };

const patch = init([classModule, attributesModule, propsModule, eventListenersModule]);

/** A view drawn inside a fixed node of index.html: `redraw` patches it, `clear` removes it (destroy hooks run). */
export class Mount {
  private current: VNode | Element | null = null;
  private patching = false; // a hook asked for a redraw during a patch: it follows this one
  private again = false;

  constructor(
    private readonly root: HTMLElement,
    private readonly view: () => VNode,
  ) {}

  /** Draws the view anew: the first call creates its nodes, later ones patch them. */
  redraw(): void {
    if (this.patching) {
      this.again = true;
      return;
    }
    if (this.current === null) {
      const slot = document.createElement("div");
      this.root.replaceChildren(slot);
      this.current = slot;
    }
    this.patching = true;
    try {
      do {
        this.again = false;
        this.current = patch(this.current, this.view());
      } while (this.again);
    } finally {
      this.patching = false;
    }
  }

  /** Takes the view off the page; its destroy hooks stop what it started (timers). */
  clear(): void {
    if (this.current === null) return;
    patch(this.current, h("!"));
    this.current = null;
    this.root.replaceChildren();
  }

  get mounted(): boolean {
    return this.current !== null;
  }
}

/** Text as a run of its own direction: a name written right to left does not scramble the sentence around it. */
export function bdi(text: string): VNode {
  return h("bdi", text);
}

/** Children of a translated sentence whose `{placeholders}` may be nodes (names in `<bdi>`): `t` fills the rest. */
export function sentence(text: string, nodes: Record<string, VNode>): (string | VNode)[] {
  const parts: (string | VNode)[] = [];
  let at = 0;
  for (const m of text.matchAll(/\{(\w+)\}/g)) {
    const node = nodes[m[1]!];
    if (node === undefined) continue;
    if (m.index > at) parts.push(text.slice(at, m.index));
    parts.push(node);
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

/** A view's nodes as a real element, for a part of a page not yet on the view library. */
export function toElement(vnode: VNode): Element {
  return patch(document.createElement("div"), vnode).elm as Element;
}
