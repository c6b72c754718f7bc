import { t, type Lang } from "../i18n/index.js";
import type { TableView } from "../model/view.js";
import { shareLink } from "../shell/route.js";
import { h, Mount, type VNode } from "../shell/view.js";

/** What the banner over a waiting table shows. */
export type BannerState =
  | { kind: "none" }
  | { kind: "private"; lang: Lang; code: string; link: string; watchLink: string | null; copied: boolean }
  | { kind: "meanwhile"; lang: Lang }; // a quick-match seek waiting for people

/** The banner's state for a table view: `online` when the seat is at a server table (the computer can play meanwhile). */
export function bannerState(
  view: TableView,
  lang: Lang,
  watchRoom: string | null,
  online: boolean,
  copied = false,
): BannerState {
  if (view.phase !== "waiting") return { kind: "none" };
  if (view.mode === "private" && view.code) {
    const link = shareLink({ kind: "lobby", joinCode: view.code });
    const watchLink = watchRoom === null ? null : shareLink({ kind: "watch", roomId: watchRoom });
    return { kind: "private", lang, code: view.code, link, watchLink, copied };
  }
  if (view.mode === "quick" && view.mySeat >= 0 && online) return { kind: "meanwhile", lang };
  return { kind: "none" };
}

/**
 * While a private table waits for players: its code and the link to send (`?table=CODE`,
 * which opens the lobby with the code filled in), with a copy button, and the link to
 * watch it (`?watch=<roomId>`) when its creator allowed watching. While a quick-match
 * table waits for people: "Play the computer meanwhile" (a DOM button, so Tab and screen
 * readers reach it; the seek stays open and the page plays the computer until someone sits
 * down: table/seat-offer.ts). Pure: state in, nodes out.
 */
export function bannerView(state: BannerState, acts: { copy(link: string): void; meanwhile(): void }): VNode {
  switch (state.kind) {
    case "none":
      return h("div");
    case "private": {
      const L = state.lang;
      return h("div", { attrs: { lang: L } }, [
        h("p#table-code", t(L, "tableCode", { code: state.code })),
        h("p", t(L, "sendLink")),
        h("a#table-link", { attrs: { href: state.link } }, state.link),
        h(
          "button#copy-link",
          { attrs: { type: "button" }, on: { click: () => acts.copy(state.link) } },
          t(L, state.copied ? "copied" : "copy"),
        ),
        ...(state.watchLink === null
          ? []
          : [h("p", t(L, "watchLink")), h("a#watch-link", { attrs: { href: state.watchLink } }, state.watchLink)]),
      ]);
    }
    case "meanwhile":
      return h("div", { attrs: { lang: state.lang } }, [
        h(
          "button#play-meanwhile",
          { attrs: { type: "button" }, on: { click: () => acts.meanwhile() } },
          t(state.lang, "playMeanwhile"),
        ),
      ]);
    default: {
      const never: never = state;
      return never;
    }
  }
}

/** The banner in its node (`#banner`): drawn again after every table change, hidden when it has nothing to say. */
export class TableBanner {
  private state: BannerState = { kind: "none" };
  private copied = false;
  private readonly mount: Mount;

  constructor(
    private readonly box: HTMLElement,
    private readonly meanwhile: () => void,
  ) {
    this.mount = new Mount(box, () =>
      bannerView(this.state, {
        copy: (link) => {
          void navigator.clipboard?.writeText(link).then(() => {
            this.copied = true;
            this.state = this.state.kind === "private" ? { ...this.state, copied: true } : this.state;
            this.mount.redraw();
          });
        },
        meanwhile: () => this.meanwhile(),
      }),
    );
  }

  update(view: TableView, lang: Lang, watchRoom: string | null, online: boolean): void {
    this.state = bannerState(view, lang, watchRoom, online, this.copied);
    if (this.state.kind === "none") this.copied = false;
    this.box.hidden = this.state.kind === "none";
    this.mount.redraw();
  }
}
