/**
 * An invitation to a duel, shown over whatever the page shows (lobby, a local game, a
 * replay) until it is answered or its minute is up: Accept, Decline, and "No more
 * challenges from this player". It is a non-modal dialog that takes the focus, so a
 * keyboard or a screen reader meets it at once; Escape declines.
 */
import type { Challenge } from "@yourtrumps/protocol";
import { t, type Lang } from "../i18n/index.js";
import { el } from "../shell/dom.js";
import { bdi, h, sentence, toElement } from "../shell/view.js";

export interface ChallengeAnswers {
  accept(challenge: Challenge): void;
  decline(challenge: Challenge): void;
  block(challenge: Challenge): void; // declines, and refuses this player's challenges from now on
}

export class ChallengeBox {
  private current: { challenge: Challenge; node: HTMLElement; timer: ReturnType<typeof setInterval> } | null = null;

  constructor(
    private readonly lang: () => Lang,
    private readonly answers: ChallengeAnswers,
  ) {}

  /** Shows `challenge` (one at a time: a newer one replaces the last, which then lapses by itself). */
  show(challenge: Challenge): void {
    this.close();
    const L = this.lang();
    const seconds = el("span", { class: "seconds" });
    const tick = (): void => {
      const left = Math.max(0, Math.ceil((challenge.expiresAt - Date.now()) / 1000));
      seconds.textContent = `${left} s`;
      if (left === 0) this.close();
    };
    const button = (
      id: string,
      key: "acceptChallenge" | "declineChallenge" | "noMoreChallenges",
      answer: (c: Challenge) => void,
      primary = false,
    ): HTMLButtonElement => {
      const b = el("button", { type: "button", id, class: primary ? "primary" : "" }, t(L, key));
      b.addEventListener("click", () => {
        this.close();
        answer(challenge);
      });
      return b;
    };
    const accept = button("challenge-accept", "acceptChallenge", (c) => this.answers.accept(c), true);
    const node = el(
      "div",
      { id: "challenge", role: "dialog", "aria-labelledby": "challenge-title", lang: L, class: "challenge-box" },
      el(
        "p",
        { id: "challenge-title" },
        toElement(
          h(
            "span",
            sentence(t(L, challenge.rated ? "challengeFrom" : "challengeCasualFrom"), {
              name: bdi(challenge.from.name),
            }),
          ),
        ),
        " ",
        seconds,
      ),
      el(
        "div",
        { class: "buttons" },
        accept,
        button("challenge-decline", "declineChallenge", (c) => this.answers.decline(c)),
        button("challenge-block", "noMoreChallenges", (c) => this.answers.block(c)),
      ),
    );
    node.addEventListener("keydown", (e) => {
      if (e.key !== "Escape") return;
      e.stopPropagation();
      this.close();
      this.answers.decline(challenge);
    });
    document.body.append(node);
    tick();
    this.current = { challenge, node, timer: setInterval(tick, 1000) };
    accept.focus();
  }

  /** The challenge `id` was answered elsewhere (another tab of the same player): it goes. */
  answered(id: string): void {
    if (this.current?.challenge.id === id) this.close();
  }

  private close(): void {
    if (!this.current) return;
    clearInterval(this.current.timer);
    this.current.node.remove();
    this.current = null;
  }
}
