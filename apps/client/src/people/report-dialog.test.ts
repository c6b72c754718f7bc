import { describe, expect, it } from "vitest";
import { en } from "../i18n/en.js";
import { ApiError } from "../net/api.js";
import { byId, hasId, nodesOf, textOf } from "../shell/vnode-query.js";
import { refusalKey, reportDialogView, type ReportActs, type ReportState } from "./report-dialog.js";

function dialog(state: Partial<ReportState>): ReportState & ReportActs & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    lang: "en",
    open: true,
    opened: 1,
    candidates: [{ playerId: "p-b", name: "Бетти" }],
    playerId: "p-b",
    reason: null,
    note: "",
    sending: false,
    outcome: null,
    choose: (id) => calls.push(`choose ${id}`),
    setReason: (r) => calls.push(`reason ${r}`),
    setNote: (n) => calls.push(`note ${n}`),
    send: () => calls.push("send"),
    close: () => calls.push("close"),
    ...state,
  };
}

describe("the Report dialog's view", () => {
  it("draws nothing while closed", () => {
    expect(hasId(reportDialogView(dialog({ open: false })), "report-dialog")).toBe(false);
  });

  it("names the one player (isolated for direction), offers the four reasons and waits for one before Send", () => {
    const view = reportDialogView(dialog({}));
    expect(nodesOf(byId(view, "report-title")).some((n) => n.sel === "bdi" && n.text === "Бетти")).toBe(true);
    expect(hasId(view, "report-who")).toBe(false); // no choice of one
    for (const id of ["report-cheating", "report-offensive-name", "report-sandbagging", "report-other"])
      expect(hasId(view, id)).toBe(true);
    expect(textOf(view)).toContain(en.reasonSandbagging);
    expect(byId(view, "report-send").data?.props?.disabled).toBe(true);
    expect(byId(reportDialogView(dialog({ reason: "cheating" })), "report-send").data?.props?.disabled).toBe(false);
    expect(
      byId(reportDialogView(dialog({ reason: "cheating", sending: true })), "report-send").data?.props?.disabled,
    ).toBe(true);
    expect(byId(view, "report-note").data?.attrs?.maxlength).toBe(500);
  });

  it("lets the player pick whom at a table of several; a reason's radio and Cancel call the controller", () => {
    const d = dialog({
      candidates: [
        { playerId: "p-b", name: "Bea" },
        { playerId: "p-c", name: "Cy" },
      ],
      playerId: "p-c",
    });
    const view = reportDialogView(d);
    expect(textOf(byId(view, "report-title"))).toBe(en.reportPlayer);
    const options = nodesOf(byId(view, "report-who")).filter((n) => n.sel === "option");
    expect(options.map((o) => [o.data?.attrs?.value, o.data?.props?.selected as boolean])).toEqual([
      ["p-b", false],
      ["p-c", true],
    ]);
    (byId(view, "report-other").data?.on?.change as () => void)();
    (byId(view, "report-cancel").data?.on?.click as () => void)();
    (byId(view, "report-dialog").data?.on?.close as () => void)(); // Escape, as the browser closes it
    expect(d.calls).toEqual(["reason other", "close", "close"]);
  });

  it("says a refusal in words, as an alert, and thanks once sent", () => {
    const refused = reportDialogView(dialog({ reason: "other", outcome: "errReportLimit" }));
    expect(textOf(byId(refused, "report-error"))).toBe(en.errReportLimit);
    expect(byId(refused, "report-error").data?.attrs?.role).toBe("alert");
    const sent = reportDialogView(dialog({ outcome: "sent" }));
    expect(textOf(byId(sent, "report-sent"))).toBe(en.reportSent);
    expect(hasId(sent, "report-form")).toBe(false);
  });

  it("reads the server's refusal codes: yourself, five a day, anything else", () => {
    expect(refusalKey(new ApiError("refused", 400, "", "report-self"))).toBe("errReportSelf");
    expect(refusalKey(new ApiError("refused", 429, "", "report-limit"))).toBe("errReportLimit");
    expect(refusalKey(new ApiError("unreachable", 0, ""))).toBe("errReportFailed");
    expect(refusalKey(new Error("boom"))).toBe("errReportFailed");
  });
});
