import type { Card } from "@yourtrumps/engine";
import type * as Phaser from "phaser";
import { BACK_SCALE, type Layout, type Place } from "../model/layout.js";
import type { Step } from "../model/plan.js";
import type { TableView } from "../model/view.js";
import type { CardSprites } from "./card-sprites.js";
import { applyPose, poseOf, type Pose } from "./sprite-pose.js";
import { DEAL_GAP_MS, FLY_MS } from "./timing.js";

const FLYING_DEPTH = 5000; // over every card at rest, later flights over earlier ones
const PULSE_MS = 220; // a plate's "went out" pulse, each way

/** A card image in the air: where it lands, and the marks that wait for it there. */
interface Flight {
  image: Phaser.GameObjects.Image;
  end: Pose; // the pose the redraw gave it (or, for a card leaving the table, hidden at the seat)
  riders: Phaser.GameObjects.Image[]; // its marks, hidden until it lands
}

/** Where a flight starts: a place, a size and, for the deal, the back's frame. */
interface Start extends Place {
  width: number;
  height: number;
  frame?: [string, string]; // shown in the air, the pose's own frame on landing
}

/** Where a seat's face-up card (a replay) lay in `layout`, if it was shown there. */
function facePlace(layout: Layout, seat: number, card: Card): Place | undefined {
  const spot = layout.seats.find((s) => s.seat === seat);
  return spot?.backs[spot.faces.indexOf(card)];
}

/**
 * Card flights. The table is already drawn in its new state; a flight takes a card's own
 * image (card-sprites.ts) back to where the card was and tweens it to where it is now —
 * no copies. `finish` ends every flight at once (tweens killed, images snapped to where
 * they land), so a new plan always replaces a running one and nothing waits on a tween.
 */
export class Flights {
  private readonly flights = new Map<Phaser.GameObjects.Image, Flight>();
  private readonly pulses = new Set<Phaser.GameObjects.Container>();

  constructor(
    private readonly scene: Phaser.Scene,
    private readonly sprites: CardSprites,
    private readonly frame: (card: Card | null) => [string, string], // texture and frame in the current palette
  ) {}

  /** True while any card is in the air or a plate pulses. */
  busy(): boolean {
    return this.flights.size > 0 || this.pulses.size > 0;
  }

  /** Lands everything now: every tween killed, every image where its flight would have left it. */
  finish(): void {
    if (!this.busy()) return;
    for (const flight of this.flights.values()) {
      this.scene.tweens.killTweensOf(flight.image);
      land(flight);
    }
    this.flights.clear();
    for (const plate of this.pulses) this.scene.tweens.killTweensOf(plate.setScale(1));
    this.pulses.clear();
    this.sprites.resortLayer();
  }

  /** Starts the flights of `steps`, from where things were (`from`) to where they are drawn now (`to`). */
  run(
    steps: readonly Step[],
    from: Layout,
    to: Layout,
    view: TableView,
    plate: (seat: number) => Phaser.GameObjects.Container | undefined,
  ): void {
    const back = (p: Place, frame?: [string, string]): Start => ({
      ...p,
      width: to.cardW * BACK_SCALE,
      height: to.cardH * BACK_SCALE,
      frame,
    });
    const full = (p: Place): Start => ({ ...p, width: to.cardW, height: to.cardH });
    const seatCards = (layout: Layout, seat: number): Place =>
      layout.seats.find((s) => s.seat === seat)?.cards ?? { x: layout.width / 2, y: 0, angle: 0 };
    const isMe = (seat: number) => view.seats.find((s) => s.seat === seat)?.isMe ?? false;
    const centre = { ...to.pileCentre, angle: 0 };
    let delay = 0;
    for (const step of steps) {
      switch (step.kind) {
        case "deal": {
          const handOrder = [...to.hand];
          const backIndex = new Map<number, number>();
          step.seats.forEach((seat, i) => {
            const k = backIndex.get(seat) ?? 0;
            backIndex.set(seat, k + 1);
            const slot = seat === view.mySeat ? handOrder.shift() : undefined;
            const image = slot ? this.sprites.shown(slot.card) : this.sprites.back(seat, k); // an opponent's cards past the fan's last back have no image to fly
            if (image)
              this.fly(
                image,
                back(centre, this.frame(null)),
                delay + i * DEAL_GAP_MS,
                slot ? this.sprites.marksOf(slot.card) : [],
              );
          });
          delay += step.seats.length * DEAL_GAP_MS + FLY_MS;
          break;
        }
        case "play": {
          const image = this.sprites.shown(step.card); // on the pile's readable top
          const mine = isMe(step.seat) ? from.hand.find((h) => h.card === step.card) : undefined;
          const start = mine ? full(mine) : back(facePlace(from, step.seat, step.card) ?? seatCards(from, step.seat));
          if (image) this.fly(image, start, delay, []);
          delay += FLY_MS;
          break;
        }
        case "pickup": {
          step.cards.forEach((card, i) => {
            const start = full(from.pile[from.pile.length - step.cards.length + i] ?? centre);
            const image = this.sprites.shown(card);
            if (image) return this.fly(image, start, delay + i * 50, this.sprites.marksOf(card));
            // Into an opponent's hidden hand: the card's own image flies to the fan and is hidden there.
            const lost = this.sprites.image(card);
            const fan = seatCards(to, step.seat);
            const [texture, frame] = this.frame(card);
            const gone: Pose = {
              ...fan,
              width: to.cardW * BACK_SCALE,
              height: to.cardH * BACK_SCALE,
              texture,
              frame,
              tint: lost.tint,
              depth: lost.depth,
              visible: false,
            };
            this.fly(lost, { ...start, frame: [texture, frame] }, delay + i * 50, [], gone);
          });
          delay += FLY_MS + step.cards.length * 50;
          break;
        }
        case "out": {
          const p = plate(step.seat);
          if (p) this.pulse(p, delay);
          break;
        }
        case "result":
          break;
        default: {
          const never: never = step;
          throw new Error(`unknown step ${JSON.stringify(never)}`);
        }
      }
    }
    if (this.flights.size > 0) this.sprites.resortLayer(); // flying images over the rest
  }

  /**
   * Flies `image` from `start` to the pose the redraw gave it (or `end`), after `delay` ms;
   * until it starts it is hidden, and its `riders` stay hidden until it lands.
   */
  private fly(
    image: Phaser.GameObjects.Image,
    start: Start,
    delay: number,
    riders: Phaser.GameObjects.Image[],
    end: Pose = poseOf(image),
  ): void {
    if (this.flights.has(image)) return;
    const flight: Flight = { image, end, riders };
    this.flights.set(image, flight);
    for (const rider of riders) rider.setVisible(false);
    if (start.frame) image.setTexture(...start.frame);
    image
      .setPosition(start.x, start.y)
      .setAngle(start.angle)
      .setDisplaySize(start.width, start.height)
      .setDepth(FLYING_DEPTH + this.flights.size)
      .setVisible(delay === 0);
    this.scene.tweens.add({
      targets: image,
      x: end.x,
      y: end.y,
      angle: end.angle,
      scaleX: end.width / image.frame.realWidth,
      scaleY: end.height / image.frame.realHeight,
      delay,
      duration: FLY_MS,
      ease: "Cubic.easeOut",
      onStart: () => image.setVisible(true),
      onComplete: () => {
        land(flight);
        this.flights.delete(image);
        this.sprites.resortLayer();
      },
    });
  }

  private pulse(plate: Phaser.GameObjects.Container, delay: number): void {
    this.pulses.add(plate);
    this.scene.tweens.add({
      targets: plate,
      scale: 1.25,
      yoyo: true,
      delay,
      duration: PULSE_MS,
      onComplete: () => this.pulses.delete(plate.setScale(1)),
    });
  }
}

/** Puts a flown image in its landing pose and shows the marks that waited for it. */
function land(flight: Flight): void {
  applyPose(flight.image, flight.end);
  for (const rider of flight.riders) rider.setVisible(true);
}
