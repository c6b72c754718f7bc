/**
 * The player's notices: what a moderator did to their account (moderation on the server),
 * shown once over the page until the player says they read it — then never again, on any
 * device (`POST /api/me/notices/read`). Checked whenever the profile is read (a first visit,
 * back in the lobby), so a notice arrives without a reload. A controller, a pure view and `redraw()`.
 */
import type { ModAction } from "@yourtrumps/protocol";
import { t, type Key, type Lang } from "../i18n/index.js";
import type { Notice } from "../net/moderation-bodies.js";
import { h, Mount, type VNode } from "./view.js";

export interface NoticeHost {
  lang(): Lang;
  notices(): Promise<Notice[]>; // newest first
  read(upTo: string): Promise<void>; // the notices up to that `at` were read
}

export interface NoticeState {
  lang: Lang;
  unread: readonly Notice[]; // newest first; none: nothing shows
}

export interface NoticeActs {
  dismiss(): void;
}

export const NOTICE_KEY: Record<ModAction, Key | null> = {
  rename: "noticeRename",
  mute: "noticeMute",
  unmute: "noticeUnmute",
  mark: "noticeMark",
  unmark: "noticeUnmark",
  close: "noticeClose",
  reopen: "noticeReopen",
  dismiss: null, // reports dismissed: nothing was done to the player
};

export class NoticeBanner implements NoticeState, NoticeActs {
  unread: readonly Notice[] = [];
  private readonly mount: Mount;

  constructor(
    root: HTMLElement,
    private readonly host: NoticeHost,
  ) {
    this.mount = new Mount(root, () => noticeView(this));
  }

  get lang(): Lang {
    return this.host.lang();
  }

  /** Asks for the notices; the unread ones show. A failure shows nothing: they are asked for again next time. */
  async check(): Promise<void> {
    try {
      const notices = await this.host.notices();
      this.unread = notices.filter((n) => !n.read && NOTICE_KEY[n.action] !== null);
    } catch {
      return;
    }
    this.mount.redraw();
  }

  /** The language changed: the notice is said in the new one. */
  redraw(): void {
    if (this.mount.mounted) this.mount.redraw();
  }

  dismiss(): void {
    const newest = this.unread[0];
    if (newest === undefined) return;
    this.unread = [];
    this.mount.redraw();
    void this.host.read(newest.at).catch(() => {}); // not marked read: it shows again next time, which is the safe side
  }
}

/** The notices not yet read, newest first, with the reason given; nothing when there are none. */
export function noticeView(ctrl: NoticeState & NoticeActs): VNode {
  const L = ctrl.lang;
  if (ctrl.unread.length === 0) return h("div.notices");
  return h("div.notices", [
    h("section#notice.notice-banner", { attrs: { "aria-labelledby": "notice-title", role: "alert", lang: L } }, [
      h("h2#notice-title", t(L, "noticeTitle")),
      h(
        "ul#notice-list",
        ctrl.unread.map((n) =>
          h("li", { key: n.at + n.action, attrs: { "data-action": n.action } }, [
            h("strong", t(L, NOTICE_KEY[n.action] ?? "noticeTitle")),
            ...(n.reason ? [" ", t(L, "noticeReason", { reason: n.reason })] : []),
          ]),
        ),
      ),
      h("button#notice-read", { attrs: { type: "button" }, on: { click: () => ctrl.dismiss() } }, t(L, "noticeRead")),
    ]),
  ]);
}
