import { routeHref } from "../shell/route.js";
import { bdi, h, type VNode } from "../shell/view.js";

/** A link to an arena's page (`#arena=<id>`, written by the route module), opened in place; `sel` names the node. */
export function arenaNameLink(
  sel: string,
  arena: { id: string; name: string },
  open: (arenaId: string) => void,
): VNode {
  return h(
    sel,
    {
      attrs: { href: routeHref({ kind: "arena", arenaId: arena.id }, "") },
      on: {
        click: (e: Event) => {
          e.preventDefault();
          open(arena.id);
        },
      },
    },
    [bdi(arena.name)], // a right-to-left name keeps to itself
  );
}
