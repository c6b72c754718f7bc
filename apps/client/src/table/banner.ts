import { t, type Lang } from "../i18n/index.js";
import type { TableView } from "../model/view.js";
import { el } from "../shell/dom.js";
import { shareLink } from "../shell/route.js";

/**
 * While a private table waits for players: its code and the link to send (`?table=CODE`,
 * which opens the lobby with the code filled in), with a copy button, and the link to
 * watch it (`?watch=<roomId>`) when its creator allowed watching. Hidden otherwise.
 */
export function renderBanner(box: HTMLElement, view: TableView, lang: Lang, watchRoom: string | null = null): void {
  if (view.mode !== "private" || view.phase !== "waiting" || !view.code) {
    box.hidden = true;
    return;
  }
  const link = shareLink({ kind: "lobby", joinCode: view.code });
  const copy = el("button", { type: "button", id: "copy-link" }, t(lang, "copy"));
  copy.addEventListener("click", () => {
    void navigator.clipboard?.writeText(link).then(() => (copy.textContent = t(lang, "copied")));
  });
  box.replaceChildren(
    el("p", { id: "table-code" }, t(lang, "tableCode", { code: view.code })),
    el("p", {}, t(lang, "sendLink")),
    el("a", { href: link, id: "table-link" }, link),
    copy,
  );
  if (watchRoom !== null) {
    const watch = shareLink({ kind: "watch", roomId: watchRoom });
    box.append(el("p", {}, t(lang, "watchLink")), el("a", { href: watch, id: "watch-link" }, watch));
  }
  box.hidden = false;
}
