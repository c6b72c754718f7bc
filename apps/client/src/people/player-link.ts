import { t, type Lang } from "../i18n/index.js";
import { routeHref } from "../shell/route.js";
import { bdi, h, type VNode } from "../shell/view.js";

/** A link to a player's page (`#player=<id>`), opened in place. */
export function playerLink(lang: Lang, name: string, playerId: string, open: (playerId: string) => void): VNode {
  return h(
    "a.player-link",
    {
      attrs: { href: routeHref({ kind: "player", playerId }, ""), "aria-label": t(lang, "openPlayer", { name }) },
      on: {
        click: (e: Event) => {
          e.preventDefault();
          open(playerId);
        },
      },
    },
    [bdi(name)], // a right-to-left name keeps to itself
  );
}
