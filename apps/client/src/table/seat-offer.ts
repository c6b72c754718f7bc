/**
 * "{name} sat down at your table — Play / Decline", with the seconds left: shown over
 * the local game played meanwhile when a person sits down at the player's quick-match
 * seek. An alert dialog that takes the focus (a keyboard or a screen reader meets it at
 * once, as a sound announces it); Escape declines. The server's clock decides the lapse
 * (the newcomer's seat is released then): the dialog only counts it down.
 */
import { t, type Lang } from "../i18n/index.js";
import { el } from "../shell/dom.js";
import { bdi, h, sentence, toElement } from "../shell/view.js";

export interface SeatOfferAnswers {
  play(): void;
  decline(): void;
}

export class SeatOffer {
  private current: { node: HTMLElement; timer: ReturnType<typeof setInterval> } | null = null;

  constructor(
    private readonly lang: () => Lang,
    private readonly answers: SeatOfferAnswers,
  ) {}

  get showing(): boolean {
    return this.current !== null;
  }

  /** Shows the offer of `name`'s seat until `deadline` (epoch ms); one at a time. */
  show(name: string, deadline: number): void {
    this.close();
    const L = this.lang();
    const seconds = el("span", { class: "seconds" });
    const tick = (): void => {
      seconds.textContent = `${Math.max(0, Math.ceil((deadline - Date.now()) / 1000))} s`;
    };
    const button = (id: string, text: string, answer: () => void, primary = false): HTMLButtonElement => {
      const b = el("button", { type: "button", id, class: primary ? "primary" : "" }, text);
      b.addEventListener("click", () => {
        this.close();
        answer();
      });
      return b;
    };
    const play = button("offer-play", t(L, "offerPlay"), () => this.answers.play(), true);
    const node = el(
      "div",
      { id: "seat-offer", role: "alertdialog", "aria-labelledby": "seat-offer-title", lang: L, class: "challenge-box" },
      el(
        "p",
        { id: "seat-offer-title" },
        toElement(h("span", sentence(t(L, "seatOffer"), { name: bdi(name) }))),
        " ",
        seconds,
      ),
      el(
        "div",
        { class: "buttons" },
        play,
        button("offer-decline", t(L, "offerDecline"), () => this.answers.decline()),
      ),
    );
    node.addEventListener("keydown", (e) => {
      if (e.key !== "Escape") return;
      e.stopPropagation();
      this.close();
      this.answers.decline();
    });
    document.body.append(node);
    tick();
    this.current = { node, timer: setInterval(tick, 1000) };
    play.focus();
  }

  /** The offer is gone (answered, lapsed, or the newcomer left). */
  close(): void {
    if (!this.current) return;
    clearInterval(this.current.timer);
    this.current.node.remove();
    this.current = null;
  }
}
