import { describe, expect, it } from "vitest";
import { en } from "../i18n/en.js";
import { byId, hasId, textOf } from "./vnode-query.js";
import { noticeView, type NoticeActs, type NoticeState } from "./notice-banner.js";

const notice = (action: "mark" | "rename", at: string) => ({ action, reason: "boosting", at, read: false });

function banner(state: Partial<NoticeState>): NoticeState & NoticeActs & { calls: string[] } {
  const calls: string[] = [];
  return { calls, lang: "en", unread: [], dismiss: () => calls.push("dismiss"), ...state };
}

describe("the notice banner's view", () => {
  it("shows nothing without an unread notice", () => {
    expect(hasId(noticeView(banner({})), "notice")).toBe(false);
  });

  it("says each notice in the player's words with its reason, never the moderator; Got it dismisses", () => {
    const b = banner({
      unread: [notice("mark", "2026-12-06T01:00:00.000Z"), notice("rename", "2026-12-05T01:00:00.000Z")],
    });
    const view = noticeView(b);
    expect(textOf(byId(view, "notice-title"))).toBe(en.noticeTitle);
    expect(textOf(byId(view, "notice-list"))).toBe(
      `${en.noticeMark} Reason: boosting${en.noticeRename} Reason: boosting`,
    );
    (byId(view, "notice-read").data?.on?.click as () => void)();
    expect(b.calls).toEqual(["dismiss"]);
  });
});
