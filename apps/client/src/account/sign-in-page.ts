/**
 * The sign-in page (`#signin`), opened from the lobby's profile box: a handle and password
 * (then the second factor when the server asks for it), "Use a passkey", passkeys offered
 * as the handle field's autofill (conditional UI, started when the page opens and cancelled
 * when it closes), a recovery key, and "Link this device": a code and its QR code for a
 * signed-in device to confirm, asked after every few seconds until it is.
 */
import type { Lang } from "../i18n/index.js";
import { say } from "./words/index.js";
import type { AccountApi } from "../net/account-api.js";
import type { LinkRequest, SignedIn } from "../net/account-bodies.js";
import { ApiError } from "../net/api.js";
import { Mount } from "../shell/view.js";
import { refusalKey, waitOf } from "./refusal-words.js";
import { signInView, type SignInCtrl, type SignInMode } from "./sign-in-view.js";
import { cancelPasskey, declined, usePasskey } from "./webauthn.js";

export interface SignInHost {
  lang: Lang;
  accounts: AccountApi;
  linkUrl(code: string): string; // the address a scanned QR code opens: the Account page with the code
  signedIn(session: SignedIn): void; // this device is that account's player from now on
  back(): void;
}

/** How often a device waiting to be linked asks whether it was. */
const LINK_POLL_MS = 2000;

export class SignInPage implements SignInCtrl {
  mode: SignInMode = "password";
  handle = "";
  password = "";
  totp: string | null = null; // null until the server asks for the second factor
  recoveryKey = "";
  busy = false;
  error = "";
  link: LinkRequest | null = null;
  linkExpired = false;
  private open = false; // the page shows: answers arriving after it closed are dropped
  private ceremony = false; // a passkey ceremony was started (the library is loaded): closing cancels it
  private linkTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly mount: Mount;

  constructor(
    root: HTMLElement,
    private readonly host: SignInHost,
  ) {
    this.mount = new Mount(root, () => signInView(this));
  }

  get lang(): Lang {
    return this.host.lang;
  }

  linkUrl(code: string): string {
    return this.host.linkUrl(code);
  }

  show(): void {
    this.mount.redraw();
  }

  hide(): void {
    this.mount.clear();
  }

  back(): void {
    this.host.back();
  }

  started(): void {
    this.open = true;
    void this.autofill();
  }

  stopped(): void {
    this.open = false;
    clearTimeout(this.linkTimer);
    if (this.ceremony) void cancelPasskey();
  }

  type(field: "handle" | "password" | "totp" | "recoveryKey", text: string): void {
    this[field] = text;
    if (this.error !== "") this.set(() => (this.error = ""));
  }

  choose(mode: SignInMode): void {
    this.set(() => {
      this.mode = mode;
      this.error = "";
    });
    if (mode === "link" && this.link === null) this.requestLink();
  }

  submit(): void {
    if (this.busy) return;
    const { handle, password, totp, recoveryKey } = this;
    void this.attempt(() =>
      this.mode === "recovery"
        ? this.host.accounts.recover(handle.trim(), recoveryKey.trim())
        : this.host.accounts.signIn(handle.trim(), password, totp === null ? null : totp.trim()),
    );
  }

  /** "Use a passkey": the authenticator offers this site's passkeys (the autofill ceremony gives way to it). */
  passkey(): void {
    if (this.busy) return;
    void this.attempt(async () => {
      const options = await this.host.accounts.signInOptions();
      this.ceremony = true;
      const response = await usePasskey(options, false);
      if (response === null) throw new Error("no passkey");
      return this.host.accounts.signInWithPasskey(response);
    }).then(() => {
      if (this.open) void this.autofill(); // still here (declined, refused): the handle field offers passkeys again
    });
  }

  requestLink(): void {
    void this.askForLink();
  }

  private async askForLink(): Promise<void> {
    clearTimeout(this.linkTimer);
    try {
      const link = await this.host.accounts.requestLink();
      this.set(() => {
        this.link = link;
        this.linkExpired = false;
      });
      this.pollLink(link.secret);
    } catch (e: unknown) {
      this.set(() => (this.error = this.say(e)));
    }
  }

  /** Asks for a passkey from the handle field's suggestions, for as long as the page shows. */
  private async autofill(): Promise<void> {
    try {
      const options = await this.host.accounts.signInOptions();
      if (!this.open) return;
      this.ceremony = true;
      const response = await usePasskey(options, true);
      if (response === null || !this.open) return;
      await this.attempt(() => this.host.accounts.signInWithPasskey(response));
    } catch {
      // Cancelled (the form closed, or "Use a passkey" took over), or no autofill here: the buttons remain.
    }
  }

  private pollLink(secret: string): void {
    this.linkTimer = setTimeout(() => {
      if (!this.open) return;
      this.host.accounts.linkAnswer(secret).then(
        (answer) => {
          if (!this.open || this.link?.secret !== secret) return;
          if (answer === "waiting") return this.pollLink(secret);
          this.host.signedIn(answer);
        },
        (e: unknown) => {
          if (!this.open || this.link?.secret !== secret) return;
          if (e instanceof ApiError && e.failure === "not-found") this.set(() => (this.linkExpired = true));
          else this.pollLink(secret); // the network: asked again
        },
      );
    }, LINK_POLL_MS);
  }

  /** One sign-in call: the session on success; the second factor asked for, or the refusal said, otherwise. */
  private async attempt(call: () => Promise<SignedIn>): Promise<void> {
    this.set(() => {
      this.busy = true;
      this.error = "";
    });
    try {
      const session = await call();
      if (this.open) this.host.signedIn(session);
    } catch (e: unknown) {
      if (e instanceof ApiError && e.code === "second-factor-required") {
        this.set(() => (this.totp = ""));
        document.getElementById("sign-in-totp")?.focus();
      } else if (!declined(e)) this.set(() => (this.error = this.say(e)));
    } finally {
      this.set(() => (this.busy = false));
    }
  }

  private say(e: unknown): string {
    return say(this.lang, refusalKey(e), { s: waitOf(e) });
  }

  private set(change: () => void): void {
    change();
    if (this.mount.mounted) this.mount.redraw();
  }
}
