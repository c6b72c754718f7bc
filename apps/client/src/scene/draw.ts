import type * as Phaser from "phaser";
import { seatName, SUIT_SYMBOL, type Key, type Lang, type Params } from "../i18n/index.js";
import { trumpButtonSuit, type Layout } from "../model/layout.js";
import { ratingText } from "../model/rating.js";
import type { TableView } from "../model/view.js";
import { suitColour } from "../art/suits.js";
import { COLOURS, textStyle } from "./style.js";

/** The language and a bound `t` for drawing labels. */
export interface Labels {
  lang: Lang;
  tr(key: Key, params?: Params): string;
}

/**
 * Every seat's plate: trump badge, name, and a second line with the rating ("1500?" while
 * provisional; none for anonymous and computer seats), the card count, computer marker,
 * connection state and finishing place; plus my trump suit, always visible in the
 * corner. Returns the layer, each plate (for the "went out" pulse) and each badge centre
 * (for the clock ring).
 */
export function drawSeats(
  scene: Phaser.Scene,
  view: TableView,
  layout: Layout,
  labels: Labels,
  dpr: number,
): { layer: Phaser.GameObjects.Container; plates: Map<number, Phaser.GameObjects.Container>; badges: Map<number, { x: number; y: number }> } {
  const layer = scene.add.container(0, 0);
  const plates = new Map<number, Phaser.GameObjects.Container>();
  const badges = new Map<number, { x: number; y: number }>();
  for (const spot of layout.seats) {
    const seat = view.seats.find((s) => s.seat === spot.seat);
    if (!seat) continue;
    const plate = scene.add.container(spot.x, spot.y);
    const name = seat.isMe && !view.replay ? labels.tr("you") : seatName(labels.lang, seat.name, seat.isAI); // a replay names every seat as recorded
    const details: string[] = [];
    if (seat.rating !== null) details.push(ratingText(seat.rating, seat.provisional));
    if (!seat.isMe && (view.phase === "playing" || view.phase === "over")) details.push(labels.tr("cardsLeft", { n: seat.count }));
    if (seat.isAI && !seat.isMe && !name.startsWith(labels.tr("computer"))) details.push(labels.tr("computer")); // the computer marker
    if (!seat.connected) details.push(labels.tr("disconnected"));
    if (seat.place !== null && seat.count === 0) details.push(labels.tr("out", { place: seat.place })); // R14
    const colour = seat.connected ? COLOURS.text : COLOURS.muted;
    const line1 = scene.add.text(0, details.length ? -8 : 0, name, textStyle(14, dpr, colour, true)).setOrigin(0, 0.5);
    const line2 = details.length ? scene.add.text(0, 9, details.join(" · "), textStyle(11, dpr, COLOURS.muted)).setOrigin(0, 0.5) : null;
    const textW = Math.max(line1.width, line2?.width ?? 0);
    const w = Math.min(spot.maxWidth, Math.max(96, textW + 48));
    const fit = Math.min(1, (w - 48) / Math.max(1, textW)); // long names shrink rather than overflow
    line1.setScale(fit).setX(-w / 2 + 36);
    line2?.setScale(fit).setX(-w / 2 + 36);
    const h = details.length ? 40 : 32;
    const bg = scene.add.graphics();
    bg.fillStyle(seat.toMove ? COLOURS.plateMove : COLOURS.plate, seat.toMove ? 0.35 : 0.8).fillRoundedRect(-w / 2, -h / 2, w, h, h / 2);
    if (seat.toMove) bg.lineStyle(2, COLOURS.plateMove, 1).strokeRoundedRect(-w / 2, -h / 2, w, h, h / 2);
    plate.add(bg);
    // The trump badge: the suit symbol on white, coloured like the deck.
    const badge = scene.add.graphics();
    badge.fillStyle(0xffffff, 1).fillCircle(-w / 2 + 18, 0, 12);
    plate.add(badge);
    if (seat.trump) plate.add(scene.add.text(-w / 2 + 18, 0, SUIT_SYMBOL[seat.trump], textStyle(16, dpr, suitColour(seat.trump, false), true)).setOrigin(0.5));
    plate.add(line1);
    if (line2) plate.add(line2);
    plates.set(seat.seat, plate);
    badges.set(seat.seat, { x: spot.x - w / 2 + 18, y: spot.y });
    layer.add(plate);
  }
  if (view.myTrump) {
    const label = labels.tr("trumpOf", { suit: SUIT_SYMBOL[view.myTrump] });
    const text = scene.add.text(18, 23, label, textStyle(15, dpr, suitColour(view.myTrump, false), true)).setOrigin(0, 0.5);
    const g = scene.add.graphics();
    g.fillStyle(0xffffff, 0.92).fillRoundedRect(8, 8, text.width + 20, 30, 8);
    layer.add(g);
    layer.add(text);
  }
  return { layer, plates, badges };
}

/** The line that says whose turn it is and what I may do. */
export function drawStatus(scene: Phaser.Scene, view: TableView, layout: Layout, labels: Labels, dpr: number): Phaser.GameObjects.Text {
  const mover = view.seats.find((s) => s.seat === view.toMove);
  const text = {
    waitPlayers: labels.tr("waitingPlayers"),
    chooseTrump: labels.tr("chooseTrump"),
    waitTrumps: labels.tr("waitingTrumps"),
    lead: labels.tr("yourTurnLead"),
    beat: labels.tr("yourTurnBeat"),
    second: labels.tr("yourTurnSecond"),
    wait: labels.tr("theirTurn", { name: mover ? seatName(labels.lang, mover.name, mover.isAI) : "…" }),
    over: "",
  }[view.prompt];
  const y = view.prompt === "chooseTrump" ? layout.pileCentre.y - 70 : layout.status.y;
  return scene.add
    .text(layout.status.x, y, text, { ...textStyle(17, dpr, COLOURS.text, view.prompt !== "wait"), align: "center", wordWrap: { width: layout.status.maxWidth } })
    .setOrigin(0.5);
}

/**
 * Pick-up (with its count, R12), hint, trump choice, rematch and lobby buttons. The
 * keyboard's highlighted trump suit is ringed in gold, the hinted pick-up in the hint colour.
 */
export function drawButtons(scene: Phaser.Scene, view: TableView, layout: Layout, labels: Labels, dpr: number): Phaser.GameObjects.Container {
  const layer = scene.add.container(0, 0);
  for (const b of layout.buttons) {
    const suit = trumpButtonSuit(b.id);
    const g = scene.add.graphics();
    g.fillStyle(suit ? 0xffffff : COLOURS.button, 1).fillRoundedRect(b.x, b.y, b.w, b.h, 10);
    if (b.hinted) g.lineStyle(4, COLOURS.hint, 1).strokeRoundedRect(b.x - 3, b.y - 3, b.w + 6, b.h + 6, 12);
    if (b.focused) g.lineStyle(5, COLOURS.focus, 1).strokeRoundedRect(b.x - 5, b.y - 5, b.w + 10, b.h + 10, 13);
    layer.add(g);
    let label: string;
    let colour: string = COLOURS.buttonText;
    if (suit) {
      label = SUIT_SYMBOL[suit];
      colour = suitColour(suit, false);
    } else if (b.id === "pickup") label = view.pickup?.wholePile ? labels.tr("pickupAll") : labels.tr("pickup", { n: view.pickup?.count ?? 0 });
    else if (b.id === "hint") label = labels.tr("hint");
    else if (b.id === "rematch") label = view.seats.find((s) => s.isMe)?.rematch ? labels.tr("rematchWaiting") : labels.tr("rematch");
    else if (b.id === "review") label = labels.tr("review");
    else label = labels.tr("backToLobby");
    const size = suit ? 36 : 15;
    layer.add(scene.add.text(b.x + b.w / 2, b.y + b.h / 2, label, { ...textStyle(size, dpr, colour, true), align: "center", wordWrap: { width: b.w - 8 } }).setOrigin(0.5));
  }
  return layer;
}
