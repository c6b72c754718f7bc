/**
 * Meeting people, for the whole page: the presence connection (online while the page is
 * open with an identity), invitations to duels (sent from the leaderboard, shown over
 * whatever the page shows, answered, and the answer's private table entered). The page
 * (app.ts) hands it the few things it needs.
 */
import type { ChallengeError } from "@yourtrumps/protocol";
import { t, type Key } from "../i18n/index.js";
import { PresenceLink } from "../net/presence-link.js";
import type { Entry } from "../net/session.js";
import { ChallengeBox } from "./challenge-box.js";
import { blocking, type Settings } from "../shell/settings.js";

export interface MeetingHost {
  settings(): Settings;
  changeSettings(s: Settings): void;
  playerId(): string | null;
  enter(entry: Entry): void; // sits down at a table (with the player's token: app.ts adds it)
  toast(text: string): void;
  sessionEnded(): void; // the server closed the presence connection because this device's session ended
}

const ERROR_KEY: Record<ChallengeError, Key> = {
  self: "errChallengeSelf",
  "unknown-player": "errChallengeUnknown",
  offline: "errChallengeOffline",
  refuses: "errChallengeRefuses",
  "too-many": "errChallengeTooMany",
  "already-open": "errChallengeOpen",
  "unknown-challenge": "errChallengeGone",
  unavailable: "errChallengeFailed",
  malformed: "errChallengeFailed",
  "unknown-message": "errChallengeFailed",
  "rate-limited": "errRateLimited",
  marked: "errChallengeMarked",
};

export class Meeting {
  private readonly presence: PresenceLink;
  private readonly box: ChallengeBox;
  private readonly mine = new Set<string>(); // ids of the challenges this page sent

  constructor(
    serverUrl: string,
    private readonly host: MeetingHost,
  ) {
    const lang = () => host.settings().lang;
    this.box = new ChallengeBox(lang, {
      accept: (c) => this.presence.answer(c.id, true),
      decline: (c) => this.presence.answer(c.id, false),
      block: (c) => {
        this.presence.answer(c.id, false);
        host.changeSettings(blocking(host.settings(), c.from.playerId));
        this.presence.settingsChanged();
      },
    });
    this.presence = new PresenceLink(
      serverUrl,
      {
        challenged: (c) => this.box.show(c),
        sent: (c) => {
          this.mine.add(c.id);
          host.toast(this.tr("challengeSent", { name: c.to.name }));
        },
        answered: (a) => {
          this.box.answered(a.id);
          const sentHere = this.mine.delete(a.id);
          if (a.accepted && a.code !== undefined)
            host.enter({ kind: "code", options: { mode: "private", code: a.code, name: host.settings().name } });
          else if (sentHere) host.toast(this.tr("challengeDeclined"));
        },
        refused: (e) => host.toast(this.tr(ERROR_KEY[e.code] ?? "errChallengeFailed")),
        sessionEnded: () => host.sessionEnded(),
      },
      () => ({ acceptChallenges: host.settings().acceptChallenges, blocked: host.settings().blocked }),
    );
  }

  /** The identity is confirmed (a token) or gone (null): the presence connection follows it. */
  identity(token: string | null): void {
    this.presence.connect(token);
  }

  /** Invites `playerId` to a duel, rated or casual. */
  challenge(playerId: string, rated: boolean): void {
    this.presence.challenge(playerId, rated);
  }

  /** The settings changed: the server learns what the page accepts now. */
  settingsChanged(before: Settings, after: Settings): void {
    if (before.acceptChallenges !== after.acceptChallenges || before.blocked !== after.blocked)
      this.presence.settingsChanged();
  }

  private tr(key: Key, params?: Record<string, string | number>): string {
    return t(this.host.settings().lang, key, params);
  }
}
