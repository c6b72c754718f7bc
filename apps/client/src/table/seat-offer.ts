/**
 * "{name} sat down at your table — Play / Decline", with the seconds left: shown over
 * the local game played meanwhile when a person sits down at the player's quick-match
 * seek. An alert dialog that takes the focus (a keyboard or a screen reader meets it at
 * once, as a sound announces it); Escape declines. The server's clock decides the lapse
 * (the newcomer's seat is released then): the dialog only counts it down.
 */
import { t, type Lang } from "../i18n/index.js";
import { CountdownDialog } from "../shell/countdown-dialog.js";
import { bdi, sentence } from "../shell/view.js";

export interface SeatOfferAnswers {
  play(): void;
  decline(): void;
}

export class SeatOffer {
  private readonly dialog = new CountdownDialog();

  constructor(
    private readonly lang: () => Lang,
    private readonly answers: SeatOfferAnswers,
  ) {}

  get showing(): boolean {
    return this.dialog.showing;
  }

  /** Shows the offer of `name`'s seat until `deadline` (epoch ms); one at a time. */
  show(name: string, deadline: number): void {
    const L = this.lang();
    this.dialog.show({
      id: "seat-offer",
      role: "alertdialog",
      lang: L,
      title: sentence(t(L, "seatOffer"), { name: bdi(name) }),
      deadline,
      buttons: [
        { id: "offer-play", text: t(L, "offerPlay"), answer: () => this.answers.play() },
        { id: "offer-decline", text: t(L, "offerDecline"), answer: () => this.answers.decline() },
      ],
      escape: () => this.answers.decline(),
    });
  }

  /** The offer is gone (answered, lapsed, or the newcomer left). */
  close(): void {
    this.dialog.close();
  }
}
