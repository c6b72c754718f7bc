import { describe, expect, it } from "vitest";
import { en } from "../i18n/en.js";
import { memoryStorage } from "../net/test-storage.js";
import { loadSettings } from "../shell/settings.js";
import { byId, hasId, textOf } from "../shell/vnode-query.js";
import { toolbarView, type ToolbarCtrl } from "./toolbar.js";

function toolbar(reportable: ToolbarCtrl["reportable"]): ToolbarCtrl & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    settings: loadSettings(memoryStorage(), ["en"], false),
    reportable,
    open: true,
    changed: () => calls.push("changed"),
    leave: () => calls.push("leave"),
    report: () => calls.push("report"),
    toggled: () => calls.push("toggled"),
    escape: () => calls.push("escape"),
    close: () => calls.push("close"),
  };
}

describe("the table's ⚙ menu", () => {
  it("offers Report a player only when someone at the table may be reported", () => {
    expect(hasId(toolbarView(toolbar([])), "report-player")).toBe(false);
    const bar = toolbar([{ playerId: "p-ned", name: "Ned" }]);
    const button = byId(toolbarView(bar), "report-player");
    expect(textOf(button)).toBe(en.reportPlayer);
    expect(button.data?.attrs?.["aria-haspopup"]).toBe("dialog");
    (button.data?.on?.click as () => void)();
    expect(bar.calls).toEqual(["report"]);
  });
});
