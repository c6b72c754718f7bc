import { describe, expect, it } from "vitest";
import type { AccountSummary } from "../net/account-bodies.js";
import { byId, hasId, idsOf, nodesOf, textOf } from "../shell/vnode-query.js";
import { accountView, PASSKEYS_MAX, type AccountCtrl } from "./account-view.js";

const SUMMARY: AccountSummary = {
  handle: "ann_k",
  handleChangedAt: null,
  password: false,
  secondFactor: false,
  recoveryKey: false,
  closingAt: null,
  passkeys: 1,
};

function ctrl(state: Partial<AccountCtrl> = {}): AccountCtrl & { calls: string[] } {
  const calls: string[] = [];
  const act = (name: string) => () => void calls.push(name);
  return {
    calls,
    lang: "en",
    locale: "en-GB",
    summary: SUMMARY,
    passkeys: [{ id: "k1", name: "Chrome on Linux", createdAt: "2026-12-01T10:00:00Z", lastUsedAt: null }],
    sessions: [
      {
        id: "s1",
        current: true,
        createdAt: "2026-12-01T10:00:00Z",
        lastSeenAt: "2026-12-05T10:00:00Z",
        device: { browser: "Firefox", system: "Android" },
      },
      {
        id: "s2",
        current: false,
        createdAt: "2026-12-02T10:00:00Z",
        lastSeenAt: "2026-12-05T11:00:00Z",
        device: { browser: "", system: "" },
      },
    ],
    text: {
      claimHandle: "",
      handle: "ann_k",
      newPassword: "",
      currentPassword: "",
      totpCode: "",
      linkCode: "",
      passkeyName: "",
    },
    errors: {},
    notes: {},
    claimedNow: false,
    needsCredential: false,
    renaming: null,
    totpOffer: null,
    linking: null,
    recoveryKey: null,
    confirmingDelete: false,
    busy: false,
    back: act("back"),
    type: act("type"),
    claim: act("claim"),
    addPasskey: act("addPasskey"),
    startRename: act("startRename"),
    renamePasskey: act("renamePasskey"),
    removePasskey: act("removePasskey"),
    renameHandle: act("renameHandle"),
    setPassword: act("setPassword"),
    removePassword: act("removePassword"),
    offerTotp: act("offerTotp"),
    confirmTotp: act("confirmTotp"),
    removeTotp: act("removeTotp"),
    endSession: act("endSession"),
    endOtherSessions: act("endOtherSessions"),
    lookUpLink: act("lookUpLink"),
    confirmLink: act("confirmLink"),
    cancelLink: act("cancelLink"),
    makeRecoveryKey: act("makeRecoveryKey"),
    copyRecoveryKey: act("copyRecoveryKey"),
    download: act("download"),
    askDelete: act("askDelete"),
    deleteAccount: act("deleteAccount"),
    ...state,
  };
}

const click = (view: ReturnType<typeof accountView>, id: string) => (byId(view, id).data?.on?.click as () => void)();
const disabled = (view: ReturnType<typeof accountView>, id: string) => byId(view, id).data?.props?.disabled === true;

describe("the Account page's view", () => {
  it("gives a guest the account's creation only: a handle with its rules, and the server's refusal said", () => {
    const view = accountView(
      ctrl({ summary: { ...SUMMARY, handle: null }, errors: { claim: "This handle is taken." } }),
    );
    expect(textOf(byId(view, "page-title"))).toBe("Create an account");
    expect(hasId(view, "claim-handle")).toBe(true);
    expect(textOf(byId(view, "account-claim-error"))).toBe("This handle is taken.");
    expect(hasId(view, "account-passkeys")).toBe(false);
  });

  it("shows every part of an account, with unique ids", () => {
    const view = accountView(ctrl());
    for (const part of ["handle", "passkeys", "password", "sessions", "link", "recovery", "export", "delete"])
      expect(hasId(view, `account-${part}`)).toBe(true);
    expect(hasId(view, "account-totp")).toBe(false); // a second factor needs a password
    expect(textOf(byId(view, "handle-now"))).toBe("ann_k");
    const ids = idsOf(view);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("lists passkeys with their dates, and stops adding at the most an account may hold", () => {
    const view = accountView(ctrl());
    const item = textOf(byId(view, "passkey-list"));
    expect(item).toContain("Chrome on Linux");
    expect(item).toContain("created 1 Dec 2026");
    expect(item).toContain("never used");
    expect(disabled(view, "passkey-add")).toBe(false);
    const many = Array.from({ length: PASSKEYS_MAX }, (_, i) => ({
      id: `k${i}`,
      name: `Key ${i}`,
      createdAt: "",
      lastUsedAt: null,
    }));
    const full = accountView(ctrl({ passkeys: many }));
    expect(disabled(full, "passkey-add")).toBe(true);
    expect(textOf(full)).toContain("20 of 20 passkeys");
  });

  it("marks this device among the sessions, names an unknown one, and ends the others", () => {
    const c = ctrl();
    const view = accountView(c);
    const list = textOf(byId(view, "session-list"));
    expect(list).toContain("Firefox on Android (this device)");
    expect(list).toContain("Unknown device");
    click(view, "sessions-end-others");
    expect(c.calls).toEqual(["endOtherSessions"]);
    const alone = accountView(ctrl({ sessions: c.sessions.filter((s) => s.current) }));
    expect(disabled(alone, "sessions-end-others")).toBe(true);
  });

  it("sets up the second factor with its secret and a QR code of its otpauth address", () => {
    const uri = "otpauth://totp/Your%20Trumps:ann_k?secret=JBSWY3DPEHPK3PXP&issuer=Your%20Trumps";
    const view = accountView(
      ctrl({ summary: { ...SUMMARY, password: true }, totpOffer: { secret: "JBSWY3DPEHPK3PXP", uri } }),
    );
    expect(hasId(view, "password-current")).toBe(true);
    expect(textOf(byId(view, "totp-secret"))).toBe("JBSWY3DPEHPK3PXP");
    expect(byId(view, "totp-qr").data?.attrs?.["data-text"]).toBe(uri);
    expect(byId(view, "totp-code").data?.attrs?.autocomplete).toBe("one-time-code");
  });

  it("shows what a link code would link before it is confirmed", () => {
    const linking = {
      code: "K7Q2MZ4P",
      device: { browser: "Safari", system: "iOS" },
      createdAt: "2026-12-05T10:00:00Z",
    };
    const view = accountView(ctrl({ linking }));
    expect(textOf(byId(view, "link-device"))).toMatch(/^Link Safari on iOS, asking since 5 Dec 2026, \d\d:\d\d\?$/);
    expect(hasId(view, "link-confirm")).toBe(true);
    expect(hasId(view, "link-code-input")).toBe(false);
  });

  it("shows a new recovery key once, with a copy button; deletion is confirmed and says the 7 days", () => {
    const view = accountView(ctrl({ recoveryKey: "ABCDE-FGHIJ", confirmingDelete: true }));
    expect(textOf(byId(view, "recovery-key-shown"))).toBe("ABCDE-FGHIJ");
    click(view, "recovery-copy");
    expect(textOf(byId(view, "delete-confirm-text"))).toContain("7 days");
    expect(nodesOf(view).some((n) => n.sel === "button#delete-confirm")).toBe(true);
  });

  it("asks for a first passkey (or a password) right after the account is made, and after a recovery key", () => {
    expect(textOf(byId(accountView(ctrl({ claimedNow: true })), "first-credential"))).toContain(
      "Your account is made.",
    );
    expect(textOf(byId(accountView(ctrl({ needsCredential: true })), "first-credential"))).toContain("recovery key");
  });
});
