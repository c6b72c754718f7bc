import { describe, expect, it } from "vitest";
import { cardSpoken, LANGS, t } from "../i18n/index.js";
import { announce } from "./announce.js";
import { duel } from "./fixtures.js";
import type { Step } from "./plan.js";
import { buildView } from "./view.js";

/** Me (seat 0, "Ann") against a computer (seat 1, "Bot"); `seq` moves on with every change. */
const before = buildView(duel({ toMove: 0, pile: ["8C"], seq: 4 }), "me");
const after = (seq = 5) => buildView(duel({ toMove: 1, pile: [], seq }), "me");

const myPlay: Step = { kind: "play", seat: 0, card: "TC", beat: false };
const myBeat: Step = { kind: "play", seat: 0, card: "TC", beat: true };
const myPickup: Step = { kind: "pickup", seat: 0, cards: ["8C", "9C", "TS"] };
const theirPickup = (n: number): Step => ({
  kind: "pickup",
  seat: 1,
  cards: (["8C", "9C", "TS", "JS", "QS"] as const).slice(0, n),
});
const out = (seat: number): Step => ({ kind: "out", seat });

describe("announce: the player's own moves", () => {
  it("are said in the second person in English", () => {
    const next = after();
    expect(announce("en", before, next, [myPlay])).toEqual(["You play ten of clubs."]);
    expect(announce("en", before, next, [myBeat])).toEqual(["You beat with ten of clubs."]);
    expect(announce("en", before, next, [myPickup])).toEqual(["You pick up 3 cards."]);
    expect(announce("en", before, next, [{ kind: "pickup", seat: 0, cards: ["8C"] }])).toEqual(["You pick up 1 card."]);
    expect(announce("en", before, next, [out(0)])).toEqual(["You are out."]);
  });

  it("have sentences of their own in every language, not the third-person ones with 'You' as the name", () => {
    const next = after();
    const mine = [myPlay, myBeat, myPickup, out(0)];
    for (const lang of LANGS) {
      const card = cardSpoken(lang, "TC");
      expect(announce(lang, before, next, mine), lang).toEqual([
        t(lang, "saidYouPlay", { card }),
        t(lang, "saidYouBeat", { card }),
        t(lang, "saidYouPickUp", { n: 3 }),
        t(lang, "saidYouOut"),
      ]);
    }
    expect(announce("en", before, next, mine).join(" ")).not.toMatch(/You (picks|plays|beats|is)\b/);
    expect(announce("ru", before, next, mine)).toEqual([
      "Вы кладёте: десятка, трефы.",
      "Вы бьёте: десятка, трефы.",
      "Вы берёте 3 карты.",
      "Вы выходите из игры.",
    ]);
    expect(announce("nb", before, next, mine)).toEqual([
      "Du spiller kløver ti.",
      "Du stikker med kløver ti.",
      "Du tar opp 3 kort.",
      "Du er ute.",
    ]);
    expect(announce("tr", before, next, mine)).toEqual([
      "Siz sinek on oynuyorsunuz.",
      "Siz sinek on ile alıyorsunuz.",
      "3 kart topluyorsunuz.",
      "Oyundan çıktınız.",
    ]);
    expect(announce("bn", before, next, mine)).toEqual([
      "আপনি দিলেন চিড়িতনের দহলা।",
      "আপনি কাটলেন চিড়িতনের দহলা দিয়ে।",
      "আপনি 3টি তাস তুললেন।",
      "আপনি বেরিয়ে গেছেন।",
    ]);
  });

  it("others' moves keep the seat's name, with the count agreeing", () => {
    const next = after();
    expect(announce("en", before, next, [theirPickup(1)])).toEqual(["Bot picks up 1 card."]);
    expect(announce("en", before, next, [theirPickup(2), out(1)])).toEqual(["Bot picks up 2 cards.", "Bot is out."]);
    expect([1, 2, 5].map((n) => announce("ru", before, next, [theirPickup(n)])[0])).toEqual([
      "Bot берёт 1 карту.",
      "Bot берёт 2 карты.",
      "Bot берёт 5 карт.",
    ]);
  });

  it("the deal says how many cards I hold, in the right form", () => {
    const choosing = buildView(duel({ phase: "choosing" }), "me");
    const one = buildView(duel({}, ["TC"]), "me");
    expect(announce("en", choosing, one, [{ kind: "deal", seats: [0, 1] }])).toContain(
      "The cards are dealt. You hold 1 card.",
    );
    const four = buildView(duel(), "me");
    expect(announce("en", choosing, four, [{ kind: "deal", seats: [0, 1] }])).toContain(
      "The cards are dealt. You hold 4 cards.",
    );
    expect(announce("ru", choosing, four, [{ kind: "deal", seats: [0, 1] }])).toContain(
      "Карты розданы. У вас 4 карты.",
    );
  });
});

describe("announce: a move made because a clock ran out", () => {
  it("says so before my move, and names the seat for someone else's", () => {
    expect(announce("en", before, after(), [myPickup], { seat: 0, auto: true })).toEqual([
      "Time is up: a move was made for you.",
      "You pick up 3 cards.",
    ]);
    expect(announce("en", before, after(), [theirPickup(2)], { seat: 1, auto: true })).toEqual([
      "Bot's time ran out.",
      "Bot picks up 2 cards.",
    ]);
    expect(announce("ru", before, after(), [theirPickup(2)], { seat: 1, auto: true })[0]).toBe(
      "У игрока Bot вышло время.",
    );
  });

  it("in every language, once: not for a move the player made, a redraw of the same state, or a catch-up", () => {
    for (const lang of LANGS) {
      const said = announce(lang, before, after(), [myPickup], { seat: 0, auto: true });
      expect(said, lang).toEqual([t(lang, "saidYourTimeUp"), t(lang, "saidYouPickUp", { n: 3 })]);
      expect(announce(lang, before, after(), [theirPickup(1)], { seat: 1, auto: true })[0], lang).toBe(
        t(lang, "saidTheirTimeUp", { name: "Bot" }),
      );
    }
    expect(announce("en", before, after(), [myPickup], { seat: 0, auto: false })).toEqual(["You pick up 3 cards."]);
    expect(announce("en", after(), after(), [], { seat: 0, auto: true })).toEqual([]); // same seq: already said
    expect(announce("en", null, after(), [], { seat: 0, auto: true })).toEqual([]); // first state, or a reconnect
  });

  it("goes before the timed-out seat's own move when one change holds several", () => {
    const steps: Step[] = [{ kind: "play", seat: 1, card: "9C", beat: true }, theirPickup(2)];
    expect(announce("en", before, after(), steps, { seat: 1, auto: true })).toEqual([
      "Bot beats with nine of clubs.",
      "Bot's time ran out.",
      "Bot picks up 2 cards.",
    ]);
  });
});

describe("announce: computer seats", () => {
  it("names three computers apart, in the player's language", () => {
    const s = duel({ toMove: 1, seq: 7 });
    s.seats[1] = { ...s.seats[1]!, name: "Computer" };
    s.seats.push(
      { ...s.seats[1], name: "Computer 2", sessionId: "c2" },
      { ...s.seats[1], name: "Computer 3", sessionId: "c3" },
    );
    const next = buildView(s, "me");
    const prev = buildView({ ...s, seq: 6 }, "me");
    const steps: Step[] = [1, 2, 3].map((seat) => ({ kind: "out", seat }));
    expect(announce("en", prev, next, steps)).toEqual(["Computer is out.", "Computer 2 is out.", "Computer 3 is out."]);
    expect(announce("ru", prev, next, steps)).toEqual([
      "Компьютер выходит из игры.",
      "Компьютер 2 выходит из игры.",
      "Компьютер 3 выходит из игры.",
    ]);
    for (const lang of LANGS) expect(new Set(announce(lang, prev, next, steps)).size, lang).toBe(3);
  });
});

describe("announce: the rating after a rated hand", () => {
  const over = (ratingAfter: number | null, handId = "hand-1") => {
    const s = duel({ phase: "over", handId, seq: 9, result: { places: [1, 2], loser: 1, reason: "out" } });
    s.seats[0] = { ...s.seats[0]!, playerId: "p-ann", rating: 1500, provisional: true, ratingAfter };
    return buildView(s, "me");
  };

  it("is said once, when the record lands: the new rating and the signed change", () => {
    expect(announce("en", over(null), over(1512), [])).toEqual(["Your rating: 1512 (+12)."]);
    expect(announce("en", over(1512), over(1512), [])).toEqual([]);
    expect(announce("ru", over(null), over(1490), [])).toEqual(["Ваш рейтинг: 1490 (\u221210)."]);
    expect(announce("en", over(null), over(null), [])).toEqual([]);
  });
});
