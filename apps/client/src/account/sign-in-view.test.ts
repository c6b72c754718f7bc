import { describe, expect, it } from "vitest";
import { byId, hasId, idsOf, textOf } from "../shell/vnode-query.js";
import { signInView, type SignInCtrl } from "./sign-in-view.js";

function ctrl(state: Partial<SignInCtrl> = {}): SignInCtrl & { calls: string[] } {
  const calls: string[] = [];
  const act = (name: string) => () => void calls.push(name);
  return {
    calls,
    lang: "en",
    mode: "password",
    handle: "",
    password: "",
    totp: null,
    recoveryKey: "",
    busy: false,
    error: "",
    link: null,
    linkExpired: false,
    linkUrl: (code) => `https://example.org/#account=${code}`,
    type: act("type"),
    choose: act("choose"),
    submit: act("submit"),
    passkey: act("passkey"),
    requestLink: act("requestLink"),
    back: act("back"),
    started: act("started"),
    stopped: act("stopped"),
    ...state,
  };
}

const attr = (view: ReturnType<typeof signInView>, id: string, name: string) => byId(view, id).data?.attrs?.[name];

describe("the sign-in page's view", () => {
  it("offers passkeys in the handle field's autofill, a password, and Use a passkey; starts and stops with the page", () => {
    const c = ctrl();
    const view = signInView(c);
    expect(attr(view, "sign-in-handle", "autocomplete")).toBe("username webauthn");
    expect(attr(view, "sign-in-password", "autocomplete")).toBe("current-password");
    expect(attr(view, "sign-in-password", "type")).toBe("password");
    expect(hasId(view, "sign-in-totp")).toBe(false); // until the server asks
    (byId(view, "sign-in-passkey").data?.on?.click as () => void)();
    (view.data?.hook?.insert as () => void)();
    (view.data?.hook?.destroy as () => void)();
    expect(c.calls).toEqual(["passkey", "started", "stopped"]);
    const ids = idsOf(view);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("asks for the second factor once the server does, and says a refusal in an alert", () => {
    const view = signInView(ctrl({ totp: "", error: "No account has this handle and password (or recovery key)." }));
    expect(attr(view, "sign-in-totp", "autocomplete")).toBe("one-time-code");
    expect(textOf(byId(view, "sign-in-error"))).toBe("No account has this handle and password (or recovery key).");
    expect(attr(view, "sign-in-error", "role")).toBe("alert");
  });

  it("takes a handle and recovery key in recovery mode, without the passkey button", () => {
    const view = signInView(ctrl({ mode: "recovery" }));
    expect(hasId(view, "sign-in-recovery")).toBe(true);
    expect(hasId(view, "sign-in-password")).toBe(false);
    expect(hasId(view, "sign-in-passkey")).toBe(false);
    expect(attr(view, "sign-in-mode-recovery", "aria-pressed")).toBe("true");
  });

  it("shows the link code and a QR code of the Account page's link with it; an expired code offers a new one", () => {
    const link = { code: "K7Q2MZ4P", secret: "s", expiresAt: "2026-12-06T01:00:00Z" };
    const view = signInView(ctrl({ mode: "link", link }));
    expect(textOf(byId(view, "link-code"))).toBe("K7Q2MZ4P");
    expect(attr(view, "link-code", "aria-label")).toBe("K 7 Q 2 M Z 4 P");
    expect(attr(view, "link-qr", "data-text")).toBe("https://example.org/#account=K7Q2MZ4P");
    expect(attr(view, "link-qr", "aria-label")).toBe("QR code of the link code K7Q2MZ4P");
    const expired = signInView(ctrl({ mode: "link", link, linkExpired: true }));
    expect(hasId(expired, "link-code")).toBe(false);
    expect(hasId(expired, "link-new-code")).toBe(true);
  });
});
