/**
 * An invitation to a duel, shown over whatever the page shows (lobby, a local game, a
 * replay) until it is answered or its minute is up: Accept, Decline, and "No more
 * challenges from this player". It is a non-modal dialog that takes the focus, so a
 * keyboard or a screen reader meets it at once; Escape declines.
 */
import type { Challenge } from "@yourtrumps/protocol";
import { t, type Key, type Lang } from "../i18n/index.js";
import { CountdownDialog } from "../shell/countdown-dialog.js";
import { bdi, sentence } from "../shell/view.js";

export interface ChallengeAnswers {
  accept(challenge: Challenge): void;
  decline(challenge: Challenge): void;
  block(challenge: Challenge): void; // declines, and refuses this player's challenges from now on
}

export class ChallengeBox {
  private readonly dialog = new CountdownDialog();
  private shown: string | null = null; // the id of the challenge showing

  constructor(
    private readonly lang: () => Lang,
    private readonly answers: ChallengeAnswers,
  ) {}

  /** Shows `challenge` (one at a time: a newer one replaces the last, which then lapses by itself). */
  show(challenge: Challenge): void {
    const L = this.lang();
    const answer = (id: string, key: Key, send: (c: Challenge) => void) => ({
      id,
      text: t(L, key),
      answer: () => send(challenge),
    });
    this.shown = challenge.id;
    this.dialog.show({
      id: "challenge",
      role: "dialog",
      lang: L,
      title: sentence(t(L, challenge.rated ? "challengeFrom" : "challengeCasualFrom"), {
        name: bdi(challenge.from.name),
      }),
      deadline: challenge.expiresAt,
      buttons: [
        answer("challenge-accept", "acceptChallenge", (c) => this.answers.accept(c)),
        answer("challenge-decline", "declineChallenge", (c) => this.answers.decline(c)),
        answer("challenge-block", "noMoreChallenges", (c) => this.answers.block(c)),
      ],
      escape: () => this.answers.decline(challenge),
      lapsed: () => {},
    });
  }

  /** The challenge `id` was answered elsewhere (another tab of the same player): it goes. */
  answered(id: string): void {
    if (this.shown === id && this.dialog.showing) this.dialog.close();
  }
}
