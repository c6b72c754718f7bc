import type { Lang } from "../i18n/index.js";
import { say } from "./words/index.js";
import type {
  AccountSummary,
  Device,
  LinkingDevice,
  Passkey,
  SessionListing,
  TotpOffer,
} from "../net/account-bodies.js";
import { bdi, h, type VNode } from "../shell/view.js";
import { button } from "../shell/button.js";
import { field, pageHead } from "./form-parts.js";
import { qrCode } from "./qr-code.js";

/** The page's parts, each with its own error and note. */
export type AccountPart =
  "claim" | "handle" | "passkeys" | "password" | "totp" | "sessions" | "link" | "recovery" | "export" | "delete";

/** The page's text fields. */
export type AccountInput =
  "claimHandle" | "handle" | "newPassword" | "currentPassword" | "totpCode" | "linkCode" | "passkeyName";

/** The most passkeys an account may hold (the server's limit, said here so the page can say it). */
export const PASSKEYS_MAX = 20;

/** What the Account page's view reads and calls: its controller (account-page.ts), or a plain object in a test. */
export interface AccountCtrl {
  lang: Lang;
  locale: string;
  summary: AccountSummary | "loading" | "failed";
  passkeys: Passkey[];
  sessions: SessionListing[];
  text: Record<AccountInput, string>;
  errors: Partial<Record<AccountPart, string>>;
  notes: Partial<Record<AccountPart, string>>;
  claimedNow: boolean;
  needsCredential: boolean;
  renaming: string | null;
  totpOffer: TotpOffer | null;
  linking: LinkingDevice | null;
  recoveryKey: string | null;
  confirmingDelete: boolean;
  busy: boolean;
  back(): void;
  type(input: AccountInput, value: string): void;
  claim(): void;
  addPasskey(): void;
  startRename(passkey: Passkey | null): void;
  renamePasskey(id: string): void;
  removePasskey(id: string): void;
  renameHandle(): void;
  setPassword(): void;
  removePassword(): void;
  offerTotp(): void;
  confirmTotp(): void;
  removeTotp(): void;
  endSession(session: SessionListing): void;
  endOtherSessions(): void;
  lookUpLink(): void;
  confirmLink(): void;
  cancelLink(): void;
  makeRecoveryKey(): void;
  copyRecoveryKey(): void;
  download(): void;
  askDelete(on: boolean): void;
  deleteAccount(): void;
}

/** The Account page: pure, from its controller's state to its nodes. */
export function accountView(ctrl: AccountCtrl): VNode {
  const lang = ctrl.lang;
  const summary = ctrl.summary;
  return h("div.page-body.account-page", { attrs: { lang } }, [
    pageHead(
      lang,
      say(
        lang,
        summary !== "loading" && summary !== "failed" && summary.handle === null ? "createAccount" : "accountTitle",
      ),
      () => ctrl.back(),
    ),
    typeof summary === "string"
      ? h(
          "p.page-status",
          { attrs: { role: "status" } },
          say(lang, summary === "loading" ? "loading" : "accountFailed"),
        )
      : summary.handle === null
        ? claimPart(ctrl, lang)
        : h("div.account-parts", [
            ...(ctrl.claimedNow || ctrl.needsCredential ? [firstCredential(ctrl, lang)] : []),
            ...(summary.closingAt === null
              ? []
              : [h("p#account-closing.note", say(lang, "accountClosing", { date: when(ctrl, summary.closingAt) }))]),
            handlePart(ctrl, lang, summary),
            passkeysPart(ctrl, lang),
            passwordPart(ctrl, lang, summary),
            sessionsPart(ctrl, lang),
            linkPart(ctrl, lang),
            recoveryPart(ctrl, lang, summary),
            exportPart(ctrl, lang),
            deletePart(ctrl, lang),
          ]),
  ]);
}

/** A part of the page: its title, its content, and its error (an alert) and note (a status). */
function part(ctrl: AccountCtrl, id: AccountPart, title: string, children: (VNode | string)[]): VNode {
  return h(`section#account-${id}.account-box`, { attrs: { "aria-labelledby": `account-${id}-title` } }, [
    h(`h2#account-${id}-title`, title),
    ...children,
    h(`p#account-${id}-error.form-error`, { attrs: { role: "alert" } }, ctrl.errors[id] ?? ""),
    h(`p#account-${id}-note.note`, { attrs: { role: "status" } }, ctrl.notes[id] ?? ""),
  ]);
}

function when(ctrl: AccountCtrl, iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ""
    : date.toLocaleString(ctrl.locale, {
        year: "numeric",
        month: "short",
        day: "numeric",
        hour: "2-digit",
        minute: "2-digit",
      });
}

/** "Chrome on Linux", from the words the server read off the device's browser. */
export function deviceName(lang: Lang, device: Device): string {
  if (device.browser && device.system) return say(lang, "deviceOn", device as unknown as Record<string, string>);
  return device.browser || device.system || say(lang, "deviceUnknown");
}

/** The guest makes an account: a handle first (the server's rules said in words when it refuses one). */
function claimPart(ctrl: AccountCtrl, lang: Lang): VNode {
  return part(ctrl, "claim", say(lang, "keepYourGames"), [
    h("p.note", say(lang, "claimExplained")),
    h("form#claim-form.account-form", { on: { submit: (e: Event) => (e.preventDefault(), ctrl.claim()) } }, [
      field("claim-handle", say(lang, "handle"), ctrl.text.claimHandle, (v) => ctrl.type("claimHandle", v), {
        autocomplete: "username",
        autocapitalize: "none",
        spellcheck: "false",
        "aria-describedby": "claim-rules account-claim-error",
      }),
      h("p#claim-rules.note", say(lang, "handleRules")),
      h(
        "button#claim-submit.primary",
        { attrs: { type: "submit" }, props: { disabled: ctrl.busy } },
        say(lang, "createAccount"),
      ),
    ]),
  ]);
}

/** Just claimed, or recovered: a passkey (or a password instead) to sign in with from now on. */
function firstCredential(ctrl: AccountCtrl, lang: Lang): VNode {
  return h("div#first-credential.account-box.account-next", { attrs: { role: "status" } }, [
    h("p", say(lang, ctrl.needsCredential ? "recoveredAddCredential" : "claimedAddCredential")),
    button("first-passkey", say(lang, "addPasskey"), () => ctrl.addPasskey(), { primary: true, disabled: ctrl.busy }),
    h("p.note", say(lang, "orPasswordBelow")),
  ]);
}

function handlePart(ctrl: AccountCtrl, lang: Lang, summary: AccountSummary): VNode {
  return part(ctrl, "handle", say(lang, "handle"), [
    h("p#handle-now.account-handle", [bdi(summary.handle ?? "")]),
    field("handle-new", say(lang, "newHandle"), ctrl.text.handle, (v) => ctrl.type("handle", v), {
      autocomplete: "username",
      autocapitalize: "none",
      spellcheck: "false",
    }),
    h(
      "p.note",
      summary.handleChangedAt === null
        ? say(lang, "handleRenameRule")
        : say(lang, "handleRenameRuleSince", { date: when(ctrl, summary.handleChangedAt) }),
    ),
    button("handle-save", say(lang, "save"), () => ctrl.renameHandle(), { disabled: ctrl.busy }),
  ]);
}

function passkeysPart(ctrl: AccountCtrl, lang: Lang): VNode {
  const full = ctrl.passkeys.length >= PASSKEYS_MAX;
  return part(ctrl, "passkeys", say(lang, "passkeys"), [
    ctrl.passkeys.length === 0
      ? h("p#passkeys-none.note", say(lang, "passkeysNone"))
      : h(
          "ul#passkey-list.account-list",
          ctrl.passkeys.map((k) =>
            h(
              "li",
              { key: k.id, attrs: { "data-passkey": k.id } },
              ctrl.renaming === k.id ? renaming(ctrl, lang, k) : passkeyLine(ctrl, lang, k),
            ),
          ),
        ),
    h("p.note", say(lang, "passkeysCount", { n: ctrl.passkeys.length, max: PASSKEYS_MAX })),
    button("passkey-add", say(lang, "addPasskey"), () => ctrl.addPasskey(), { disabled: ctrl.busy || full }),
  ]);
}

function passkeyLine(ctrl: AccountCtrl, lang: Lang, k: Passkey): VNode[] {
  return [
    h("strong", [bdi(k.name)]),
    h("span.note", [
      " ",
      say(lang, "createdOn", { date: when(ctrl, k.createdAt) }),
      " · ",
      k.lastUsedAt === null ? say(lang, "neverUsed") : say(lang, "lastUsedOn", { date: when(ctrl, k.lastUsedAt) }),
    ]),
    h(
      "button.passkey-rename",
      {
        attrs: { type: "button", "aria-label": `${say(lang, "rename")}: ${k.name}` },
        on: { click: () => ctrl.startRename(k) },
      },
      say(lang, "rename"),
    ),
    h(
      "button.passkey-remove",
      {
        attrs: { type: "button", "aria-label": `${say(lang, "remove")}: ${k.name}` },
        props: { disabled: ctrl.busy },
        on: { click: () => ctrl.removePasskey(k.id) },
      },
      say(lang, "remove"),
    ),
  ];
}

function renaming(ctrl: AccountCtrl, lang: Lang, k: Passkey): VNode[] {
  return [
    field("passkey-name", say(lang, "passkeyName"), ctrl.text.passkeyName, (v) => ctrl.type("passkeyName", v), {
      maxlength: "64",
    }),
    button("passkey-name-save", say(lang, "save"), () => ctrl.renamePasskey(k.id), { disabled: ctrl.busy }),
    button("passkey-name-cancel", say(lang, "cancel"), () => ctrl.startRename(null)),
  ];
}

/** The password (set, change, remove) and, with a password, the second factor. */
function passwordPart(ctrl: AccountCtrl, lang: Lang, summary: AccountSummary): VNode {
  const has = summary.password;
  return part(ctrl, "password", say(lang, "password"), [
    h("p#password-state.note", say(lang, has ? "passwordIsSet" : "passwordNotSet")),
    ...(has
      ? [
          field(
            "password-current",
            say(lang, "currentPassword"),
            ctrl.text.currentPassword,
            (v) => ctrl.type("currentPassword", v),
            {
              type: "password",
              autocomplete: "current-password",
            },
          ),
        ]
      : []),
    field("password-new", say(lang, "newPassword"), ctrl.text.newPassword, (v) => ctrl.type("newPassword", v), {
      type: "password",
      autocomplete: "new-password",
      "aria-describedby": "password-rules",
    }),
    h("p#password-rules.note", say(lang, "passwordRules")),
    h("div.buttons", [
      button("password-save", say(lang, has ? "changePassword" : "setPassword"), () => ctrl.setPassword(), {
        disabled: ctrl.busy,
      }),
      ...(has
        ? [button("password-remove", say(lang, "removePassword"), () => ctrl.removePassword(), { disabled: ctrl.busy })]
        : []),
    ]),
    ...(has ? [totpPart(ctrl, lang, summary)] : []),
  ]);
}

function totpPart(ctrl: AccountCtrl, lang: Lang, summary: AccountSummary): VNode {
  const offer = ctrl.totpOffer;
  const code = () =>
    field("totp-code", say(lang, "secondFactorCode"), ctrl.text.totpCode, (v) => ctrl.type("totpCode", v), {
      autocomplete: "one-time-code",
      inputmode: "numeric",
    });
  return part(ctrl, "totp", say(lang, "secondFactor"), [
    h("p#totp-state.note", say(lang, summary.secondFactor ? "secondFactorOn" : "secondFactorOff")),
    ...(summary.secondFactor
      ? [
          code(),
          button("totp-remove", say(lang, "removeSecondFactor"), () => ctrl.removeTotp(), { disabled: ctrl.busy }),
        ]
      : offer === null
        ? [button("totp-start", say(lang, "setUpSecondFactor"), () => ctrl.offerTotp(), { disabled: ctrl.busy })]
        : [
            h("p", say(lang, "secondFactorScan")),
            qrCode("totp-qr", offer.uri, say(lang, "secondFactorQr")),
            h("p", [say(lang, "secondFactorSecret"), " ", h("code#totp-secret", offer.secret)]),
            code(),
            button("totp-confirm", say(lang, "confirm"), () => ctrl.confirmTotp(), {
              primary: true,
              disabled: ctrl.busy,
            }),
          ]),
  ]);
}

function sessionsPart(ctrl: AccountCtrl, lang: Lang): VNode {
  return part(ctrl, "sessions", say(lang, "sessions"), [
    h(
      "ul#session-list.account-list",
      ctrl.sessions.map((s) =>
        h("li", { key: s.id, class: { current: s.current }, attrs: { "data-session": s.id } }, [
          h("strong", deviceName(lang, s.device)),
          ...(s.current ? [" ", h("span.this-device", say(lang, "thisDevice"))] : []),
          h("span.note", [
            " ",
            say(lang, "signedInOn", { date: when(ctrl, s.createdAt) }),
            " · ",
            say(lang, "lastSeenOn", { date: when(ctrl, s.lastSeenAt) }),
          ]),
          h(
            "button.session-end",
            {
              attrs: { type: "button", "aria-label": `${say(lang, "signOut")}: ${deviceName(lang, s.device)}` },
              props: { disabled: ctrl.busy },
              on: { click: () => ctrl.endSession(s) },
            },
            say(lang, "signOut"),
          ),
        ]),
      ),
    ),
    button("sessions-end-others", say(lang, "signOutOthers"), () => ctrl.endOtherSessions(), {
      disabled: ctrl.busy || ctrl.sessions.every((s) => s.current),
    }),
  ]);
}

/** Linking a device: its code typed (or filled from a scanned link), what it is shown, then confirmed. */
function linkPart(ctrl: AccountCtrl, lang: Lang): VNode {
  const linking = ctrl.linking;
  return part(ctrl, "link", say(lang, "linkDevice"), [
    ...(linking === null
      ? [
          h("p.note", say(lang, "linkDeviceExplained")),
          field("link-code-input", say(lang, "linkCode"), ctrl.text.linkCode, (v) => ctrl.type("linkCode", v), {
            autocomplete: "off",
            autocapitalize: "characters",
            spellcheck: "false",
            maxlength: "12",
          }),
          button("link-look-up", say(lang, "next"), () => ctrl.lookUpLink(), { disabled: ctrl.busy }),
        ]
      : [
          h(
            "p#link-device",
            say(lang, "linkDeviceIs", {
              device: deviceName(lang, linking.device),
              date: when(ctrl, linking.createdAt),
            }),
          ),
          h("div.buttons", [
            button("link-confirm", say(lang, "linkConfirm"), () => ctrl.confirmLink(), {
              primary: true,
              disabled: ctrl.busy,
            }),
            button("link-cancel", say(lang, "cancel"), () => ctrl.cancelLink()),
          ]),
        ]),
  ]);
}

function recoveryPart(ctrl: AccountCtrl, lang: Lang, summary: AccountSummary): VNode {
  const key = ctrl.recoveryKey;
  return part(ctrl, "recovery", say(lang, "recoveryKey"), [
    h("p.note", say(lang, summary.recoveryKey ? "recoveryKeyIsSet" : "recoveryKeyExplained")),
    ...(key === null
      ? []
      : [
          h("p.note", say(lang, "recoveryKeyOnce")),
          h("p", [h("code#recovery-key-shown.recovery-key", key)]),
          button("recovery-copy", say(lang, "copyKey"), () => ctrl.copyRecoveryKey()),
        ]),
    button(
      "recovery-make",
      say(lang, summary.recoveryKey ? "recoveryKeyReplace" : "recoveryKeyMake"),
      () => ctrl.makeRecoveryKey(),
      {
        disabled: ctrl.busy,
      },
    ),
  ]);
}

function exportPart(ctrl: AccountCtrl, lang: Lang): VNode {
  return part(ctrl, "export", say(lang, "exportTitle"), [
    h("p.note", say(lang, "exportExplained")),
    button("export-download", say(lang, "exportDownload"), () => ctrl.download(), { disabled: ctrl.busy }),
  ]);
}

function deletePart(ctrl: AccountCtrl, lang: Lang): VNode {
  return part(ctrl, "delete", say(lang, "deleteAccount"), [
    h("p.note", say(lang, "deleteExplained")),
    ...(ctrl.confirmingDelete
      ? [
          h("p#delete-confirm-text", { attrs: { role: "alert" } }, say(lang, "deleteConfirmText")),
          h("div.buttons", [
            button("delete-confirm", say(lang, "deleteConfirm"), () => ctrl.deleteAccount(), { disabled: ctrl.busy }),
            button("delete-cancel", say(lang, "cancel"), () => ctrl.askDelete(false)),
          ]),
        ]
      : [button("delete-start", say(lang, "deleteAccount"), () => ctrl.askDelete(true))]),
  ]);
}
