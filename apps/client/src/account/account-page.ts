/**
 * The Account page (`#account`, from the lobby's profile box): for a guest, the account's
 * creation (a handle, then a passkey or a password); for an account, its handle, passkeys,
 * password and second factor, sessions, linking a device by its code, the recovery key,
 * the export and deletion. A controller, a pure view (account-view.ts) and `redraw()`; every
 * change is the server's answer read back, and a refused token (the session was ended
 * elsewhere) signs this device out.
 */
import type { Lang } from "../i18n/index.js";
import { say } from "./words/index.js";
import type { AccountApi } from "../net/account-api.js";
import type { AccountSummary, LinkingDevice, Passkey, SessionListing, TotpOffer } from "../net/account-bodies.js";
import { ApiError } from "../net/api.js";
import { Mount } from "../shell/view.js";
import { accountView, type AccountCtrl, type AccountInput, type AccountPart } from "./account-view.js";
import { refusalKey, waitOf } from "./refusal-words.js";
import { createPasskey, declined } from "./webauthn.js";

export interface AccountHost {
  lang: Lang;
  locale: string; // dates in the browser's regional style for lang
  accounts: AccountApi;
  linkCode: string; // from a scanned link (`#account=CODE`): the code filled in
  needsCredential(): boolean; // signed in by recovery key: a new passkey or password is wanted
  token(): string | null; // this device's token, while the server confirms it
  claimed(handle: string): void; // the guest is an account now
  credentialAdded(): void;
  signedOut(): void; // this device's session ended (here, or the server refused it)
  back(): void;
}

/** How long typing pauses before the handle typed is checked. */
const TAKEN_CHECK_MS = 400;

export class AccountPage implements AccountCtrl {
  summary: AccountSummary | "loading" | "failed" = "loading";
  passkeys: Passkey[] = [];
  sessions: SessionListing[] = [];
  text: Record<AccountInput, string> = {
    claimHandle: "",
    handle: "",
    newPassword: "",
    currentPassword: "",
    totpCode: "",
    linkCode: "",
    passkeyName: "",
  };
  errors: Partial<Record<AccountPart, string>> = {};
  notes: Partial<Record<AccountPart, string>> = {};
  claimedNow = false; // the account was just made: its first credential is asked for
  renaming: string | null = null; // the passkey whose name is being edited
  totpOffer: TotpOffer | null = null;
  linking: LinkingDevice | null = null;
  recoveryKey: string | null = null; // shown once, after it is made
  confirmingDelete = false;
  busy = false;
  private takenTimer: ReturnType<typeof setTimeout> | undefined; // the check of a handle being typed, once typing pauses
  private readonly mount: Mount;

  constructor(
    root: HTMLElement,
    private readonly host: AccountHost,
  ) {
    this.text.linkCode = host.linkCode;
    this.mount = new Mount(root, () => accountView(this));
  }

  get lang(): Lang {
    return this.host.lang;
  }
  get locale(): string {
    return this.host.locale;
  }
  get needsCredential(): boolean {
    return this.host.needsCredential();
  }

  show(): void {
    this.mount.redraw();
    void this.load();
  }

  hide(): void {
    clearTimeout(this.takenTimer);
    this.mount.clear();
  }

  back(): void {
    this.host.back();
  }

  type(input: AccountInput, value: string): void {
    this.text[input] = value;
    if (input !== "claimHandle") return;
    clearTimeout(this.takenTimer);
    this.takenTimer = setTimeout(() => void this.sayIfTaken(value.trim()), TAKEN_CHECK_MS);
  }

  /** While a handle is typed: says at once that it is taken, rather than at Create (the server's rules answer then). */
  private async sayIfTaken(handle: string): Promise<void> {
    const taken = handle !== "" && (await this.host.accounts.handleTaken(handle).catch(() => false));
    if (this.text.claimHandle.trim() !== handle) return; // typed on meanwhile
    this.set(() => {
      if (taken) this.errors.claim = say(this.lang, "errHandleTaken");
      else if (this.errors.claim === say(this.lang, "errHandleTaken")) delete this.errors.claim;
    });
  }

  claim(): void {
    const handle = this.text.claimHandle.trim();
    void this.act("claim", async (token) => {
      const claimed = await this.host.accounts.claim(token, handle);
      this.host.claimed(claimed);
      this.claimedNow = true;
    });
  }

  addPasskey(): void {
    void this.act("passkeys", async (token) => {
      const options = await this.host.accounts.registrationOptions(token);
      const response = await createPasskey(options);
      await this.host.accounts.addPasskey(token, response);
      this.added();
    });
  }

  startRename(passkey: Passkey | null): void {
    this.set(() => {
      this.renaming = passkey?.id ?? null;
      this.text.passkeyName = passkey?.name ?? "";
    });
  }

  renamePasskey(id: string): void {
    const name = this.text.passkeyName.trim();
    void this.act("passkeys", async (token) => {
      await this.host.accounts.renamePasskey(token, id, name);
      this.renaming = null;
    });
  }

  removePasskey(id: string): void {
    void this.act("passkeys", (token) => this.host.accounts.removePasskey(token, id));
  }

  renameHandle(): void {
    const handle = this.text.handle.trim();
    void this.act("handle", async (token) => {
      await this.host.accounts.renameHandle(token, handle);
      this.notes.handle = say(this.lang, "handleChanged");
    });
  }

  setPassword(): void {
    const had = this.summary !== "loading" && this.summary !== "failed" && this.summary.password;
    const { newPassword, currentPassword } = this.text;
    void this.act("password", async (token) => {
      await this.host.accounts.setPassword(token, newPassword, had ? currentPassword : null);
      this.text.newPassword = this.text.currentPassword = "";
      this.notes.password = say(this.lang, "passwordSaved");
      this.added();
    });
  }

  removePassword(): void {
    const current = this.text.currentPassword;
    void this.act("password", async (token) => {
      await this.host.accounts.removePassword(token, current);
      this.text.currentPassword = "";
    });
  }

  offerTotp(): void {
    void this.act("totp", async (token) => {
      this.totpOffer = await this.host.accounts.offerTotp(token);
    });
  }

  confirmTotp(): void {
    const code = this.text.totpCode.trim();
    void this.act("totp", async (token) => {
      await this.host.accounts.confirmTotp(token, code);
      this.totpOffer = null;
      this.text.totpCode = "";
    });
  }

  removeTotp(): void {
    const code = this.text.totpCode.trim();
    void this.act("totp", async (token) => {
      await this.host.accounts.removeTotp(token, code);
      this.text.totpCode = "";
    });
  }

  endSession(session: SessionListing): void {
    void this.act("sessions", async (token) => {
      await this.host.accounts.endSession(token, session.id);
      if (session.current) this.host.signedOut();
    });
  }

  endOtherSessions(): void {
    void this.act("sessions", async (token) => {
      await this.host.accounts.endOtherSessions(token);
      this.notes.sessions = say(this.lang, "otherSessionsEnded");
    });
  }

  lookUpLink(): void {
    const code = this.text.linkCode.trim().toUpperCase();
    void this.act("link", async (token) => {
      this.linking = await this.host.accounts.linkingDevice(token, code);
    });
  }

  confirmLink(): void {
    const code = this.linking?.code ?? "";
    void this.act("link", async (token) => {
      await this.host.accounts.confirmLink(token, code);
      this.linking = null;
      this.text.linkCode = "";
      this.notes.link = say(this.lang, "linkConfirmed");
    });
  }

  cancelLink(): void {
    this.set(() => (this.linking = null));
  }

  makeRecoveryKey(): void {
    void this.act("recovery", async (token) => {
      this.recoveryKey = await this.host.accounts.recoveryKey(token);
    });
  }

  copyRecoveryKey(): void {
    const key = this.recoveryKey;
    if (key === null) return;
    navigator.clipboard.writeText(key).then(
      () => this.set(() => (this.notes.recovery = say(this.lang, "copied"))),
      () => this.set(() => (this.errors.recovery = say(this.lang, "copyFailed"))),
    );
  }

  download(): void {
    void this.act("export", async (token) => {
      const record = await this.host.accounts.exportRecord(token);
      const url = URL.createObjectURL(new Blob([JSON.stringify(record, null, 2)], { type: "application/json" }));
      const a = document.createElement("a");
      a.href = url;
      a.download = "yourtrumps-export.json";
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000); // the download has taken it by then
    });
  }

  askDelete(on: boolean): void {
    this.set(() => (this.confirmingDelete = on));
  }

  deleteAccount(): void {
    void this.act("delete", async (token) => {
      await this.host.accounts.deleteAccount(token);
      this.host.signedOut(); // every session ended, this one too
    });
  }

  /** A passkey or password was added: a recovered or new account has a way in again. */
  private added(): void {
    this.claimedNow = false;
    this.host.credentialAdded();
  }

  /** Reads the account, its passkeys and sessions afresh. */
  private async load(): Promise<void> {
    const token = this.host.token();
    if (token === null) return this.set(() => (this.summary = "failed"));
    try {
      const summary = await this.host.accounts.summary(token);
      const [passkeys, sessions] =
        summary.handle === null
          ? [[], []]
          : await Promise.all([this.host.accounts.passkeys(token), this.host.accounts.sessions(token)]);
      this.set(() => {
        this.summary = summary;
        this.passkeys = passkeys;
        this.sessions = sessions;
        if (this.text.handle === "") this.text.handle = summary.handle ?? "";
      });
    } catch (e: unknown) {
      if (e instanceof ApiError && e.failure === "unauthorized") return this.host.signedOut();
      this.set(() => (this.summary = "failed"));
    }
  }

  /** One change: the part's error or note cleared, the call made, the page read back; a refusal said in its part. */
  private async act(part: AccountPart, call: (token: string) => Promise<unknown>): Promise<void> {
    const token = this.host.token();
    if (this.busy || token === null) return;
    this.set(() => {
      this.busy = true;
      delete this.errors[part];
      delete this.notes[part];
    });
    try {
      await call(token);
      if (this.mount.mounted) await this.load();
    } catch (e: unknown) {
      if (e instanceof ApiError && e.failure === "unauthorized") return this.host.signedOut();
      if (!declined(e)) this.errors[part] = say(this.lang, refusalKey(e), { s: waitOf(e) });
    } finally {
      this.set(() => (this.busy = false));
    }
  }

  private set(change: () => void): void {
    change();
    if (this.mount.mounted) this.mount.redraw();
  }
}
