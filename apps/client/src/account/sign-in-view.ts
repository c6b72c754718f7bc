import type { Lang } from "../i18n/index.js";
import { say } from "./words/index.js";
import type { LinkRequest } from "../net/account-bodies.js";
import { h, type VNode } from "../shell/view.js";
import { field, pageHead } from "./form-parts.js";
import { qrCode } from "./qr-code.js";

/** The ways in the sign-in page offers, one at a time. */
export const SIGN_IN_MODES = ["password", "recovery", "link"] as const;
export type SignInMode = (typeof SIGN_IN_MODES)[number];

/** What the sign-in view reads and calls: the page's controller (sign-in-page.ts), or a plain object in a test. */
export interface SignInCtrl {
  lang: Lang;
  mode: SignInMode;
  handle: string;
  password: string;
  totp: string | null; // null until the server asks for the second factor
  recoveryKey: string;
  busy: boolean; // a call is under way: the buttons wait
  error: string; // the last refusal, said; "" for none
  link: LinkRequest | null; // this device's link code, once asked
  linkExpired: boolean;
  linkUrl(code: string): string;
  type(field: "handle" | "password" | "totp" | "recoveryKey", text: string): void;
  choose(mode: SignInMode): void;
  submit(): void;
  passkey(): void;
  requestLink(): void;
  back(): void;
  started(): void; // the page is on screen: the autofill ceremony starts
  stopped(): void; // the page left: the ceremony is cancelled, the link no longer asked after
}

const MODE_KEY = { password: "signInPassword", recovery: "signInRecovery", link: "linkThisDevice" } as const;

/** The sign-in page: pure, from its controller's state to its nodes. */
export function signInView(ctrl: SignInCtrl): VNode {
  const lang = ctrl.lang;
  return h(
    "div.page-body.account-page",
    { attrs: { lang }, hook: { insert: () => ctrl.started(), destroy: () => ctrl.stopped() } },
    [
      pageHead(lang, say(lang, "signInTitle"), () => ctrl.back()),
      h(
        "div.account-modes",
        { attrs: { role: "group", "aria-label": say(lang, "signInWays") } },
        SIGN_IN_MODES.map((mode) =>
          h(
            `button#sign-in-mode-${mode}`,
            {
              attrs: { type: "button", "aria-pressed": String(ctrl.mode === mode) },
              on: { click: () => ctrl.choose(mode) },
            },
            say(lang, MODE_KEY[mode]),
          ),
        ),
      ),
      ctrl.mode === "link" ? linkPart(ctrl, lang) : credentialsForm(ctrl, lang),
      h("p#sign-in-error.form-error", { attrs: { role: "alert" } }, ctrl.error),
    ],
  );
}

/** Handle and password (and the second factor when asked), or handle and recovery key; "Use a passkey" beside. */
function credentialsForm(ctrl: SignInCtrl, lang: Lang): VNode {
  const recovery = ctrl.mode === "recovery";
  return h(
    "form#sign-in-form.account-form",
    {
      on: {
        submit: (e: Event) => {
          e.preventDefault();
          ctrl.submit();
        },
      },
    },
    [
      field("sign-in-handle", say(lang, "handle"), ctrl.handle, (v) => ctrl.type("handle", v), {
        autocomplete: "username webauthn",
        autocapitalize: "none",
        spellcheck: "false",
      }),
      recovery
        ? field("sign-in-recovery", say(lang, "recoveryKey"), ctrl.recoveryKey, (v) => ctrl.type("recoveryKey", v), {
            autocomplete: "off",
            autocapitalize: "characters",
            spellcheck: "false",
          })
        : field("sign-in-password", say(lang, "password"), ctrl.password, (v) => ctrl.type("password", v), {
            type: "password",
            autocomplete: "current-password",
          }),
      ...(recovery ? [h("p.note", say(lang, "recoveryNote"))] : []),
      ...(ctrl.totp === null || recovery
        ? []
        : [
            h("p.note", say(lang, "secondFactorAsked")),
            field("sign-in-totp", say(lang, "secondFactorCode"), ctrl.totp, (v) => ctrl.type("totp", v), {
              autocomplete: "one-time-code",
              inputmode: "numeric",
            }),
          ]),
      h("div.buttons", [
        h(
          "button#sign-in-submit.primary",
          { attrs: { type: "submit" }, props: { disabled: ctrl.busy } },
          say(lang, "signIn"),
        ),
        ...(recovery
          ? []
          : [
              h(
                "button#sign-in-passkey",
                { attrs: { type: "button" }, props: { disabled: ctrl.busy }, on: { click: () => ctrl.passkey() } },
                say(lang, "usePasskey"),
              ),
            ]),
      ]),
    ],
  );
}

/** This device's link code and its QR code, while a signed-in device is asked to confirm it. */
function linkPart(ctrl: SignInCtrl, lang: Lang): VNode {
  const link = ctrl.link;
  if (link === null) return h("p#link-code-status.page-status", { attrs: { role: "status" } }, say(lang, "loading"));
  if (ctrl.linkExpired)
    return h("div#link-code-box.account-box", [
      h("p", { attrs: { role: "status" } }, say(lang, "linkExpired")),
      h(
        "button#link-new-code",
        { attrs: { type: "button" }, on: { click: () => ctrl.requestLink() } },
        say(lang, "linkNewCode"),
      ),
    ]);
  return h("div#link-code-box.account-box", [
    h("p", say(lang, "linkShowCode")),
    h("p#link-code.link-code", { attrs: { "aria-label": spaced(link.code) } }, link.code),
    qrCode("link-qr", ctrl.linkUrl(link.code), say(lang, "linkQrLabel", { code: link.code })),
    h("p#link-waiting.note", { attrs: { role: "status" } }, say(lang, "linkWaiting")),
  ]);
}

/** A code read out one character at a time ("K 7 Q 2"), not as a word. */
function spaced(code: string): string {
  return [...code].join(" ");
}
