/**
 * The lobby's live part: how many players are online, and the open seeks — people
 * waiting for a quick match, each a button that sits down at their table. Read from
 * `GET /api/live` every few seconds while the lobby shows, drawn again only when the
 * answer changed (so a button in focus keeps its focus).
 */
import type { Seek } from "@yourtrumps/protocol";
import type { LiveCounts } from "../net/live-answer.js";
import { t, type Lang } from "../i18n/index.js";
import { ratingText } from "../model/rating.js";
import { el } from "../shell/dom.js";

const EVERY_MS = 4000;

export interface LiveLobbyHost {
  lang: () => Lang;
  live: () => Promise<LiveCounts>;
  sit: (seek: Seek) => void;
  mine: () => string | null; // the player's id: their own seek is not offered to them
}

export class LiveLobby {
  readonly node = el("section", { id: "live", "aria-labelledby": "seeks-title" });
  private timer: ReturnType<typeof setInterval> | undefined;
  private shown = "";

  constructor(private readonly host: LiveLobbyHost) {}

  /** Starts reading (the lobby shows); reads at once. */
  start(): void {
    this.stop();
    this.shown = "";
    void this.read();
    this.timer = setInterval(() => void this.read(), EVERY_MS);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async read(): Promise<void> {
    if (!this.node.isConnected || this.node.offsetParent === null) return; // the lobby is not showing: nobody to read for
    let answer: LiveCounts;
    try {
      answer = await this.host.live();
    } catch {
      return; // offline or the server away: the last answer stays
    }
    const key = JSON.stringify([this.host.lang(), answer]);
    if (key !== this.shown) {
      this.shown = key;
      this.draw(answer);
    }
  }

  private draw(answer: LiveCounts): void {
    const L = this.host.lang();
    const me = this.host.mine();
    const seeks = answer.seeks.filter((s) => me === null || !s.seated.some((x) => x.playerId === me));
    const list = el("ul", { id: "seeks" });
    for (const seek of seeks) {
      const names = seek.seated
        .map((x) => (x.rating > 0 ? `${x.name} (${ratingText(x.rating, false)})` : x.name))
        .join(", ");
      const sit = el("button", { type: "button", class: "sit" }, t(L, "sitDown"));
      sit.addEventListener("click", () => this.host.sit(seek));
      list.append(
        el("li", { "data-room": seek.roomId }, el("span", {}, t(L, "seekLine", { names, n: seek.players })), " ", sit),
      );
    }
    this.node.replaceChildren(
      el("p", { id: "online-count", role: "status" }, t(L, "playersOnline", { n: answer.online })),
      el("h2", { id: "seeks-title" }, t(L, "openSeeks")),
      seeks.length === 0 ? el("p", { class: "note", id: "no-seeks" }, t(L, "noSeeks")) : list,
    );
  }
}
