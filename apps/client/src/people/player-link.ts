import { t, type Lang } from "../i18n/index.js";
import { el } from "../shell/dom.js";
import { routeHref } from "../shell/route.js";

/** A link to a player's page (`#player=<id>`), opened in place. */
export function playerLink(
  lang: Lang,
  name: string,
  playerId: string,
  open: (playerId: string) => void,
): HTMLAnchorElement {
  const a = el(
    "a",
    {
      href: routeHref({ kind: "player", playerId }, ""),
      class: "player-link",
      "aria-label": t(lang, "openPlayer", { name }),
    },
    el("bdi", {}, name), // a right-to-left name keeps to itself
  );
  a.addEventListener("click", (e) => {
    e.preventDefault();
    open(playerId);
  });
  return a;
}
