import type { Card } from "@yourtrumps/engine";
import * as Phaser from "phaser";
import { BACK_SCALE, type Layout, type Place } from "../model/layout.js";
import type { Step } from "../model/plan.js";
import type { TableView } from "../model/view.js";
import { cardFrame } from "./textures.js";
import { DEAL_GAP_MS, FLY_MS } from "./timing.js";

/** The sprites of the freshly drawn table that flights land on. */
export interface Drawn {
  hand: Map<Card, Phaser.GameObjects.Image>;
  marks: Map<Card, Phaser.GameObjects.Image[]>; // overlays of hand cards
  pile: Map<Card, Phaser.GameObjects.Image>;
  backs: Map<number, Phaser.GameObjects.Image[]>; // by seat
  plates: Map<number, Phaser.GameObjects.Container>; // by seat
}

/** Where a seat's face-up card (a replay) lies in `layout`, if it is shown there. */
function facePlace(layout: Layout, seat: number, card: Card): Place | undefined {
  const spot = layout.seats.find((s) => s.seat === seat);
  return spot?.backs[spot.faces.indexOf(card)];
}

/** The drawn sprite of a seat's face-up card (a replay), if it is shown. */
function faceSprite(drawn: Drawn, layout: Layout, seat: number, card: Card): Phaser.GameObjects.Image | undefined {
  const i = layout.seats.find((s) => s.seat === seat)?.faces.indexOf(card) ?? -1;
  return i >= 0 ? drawn.backs.get(seat)?.[i] : undefined;
}

/**
 * Card flights: copies of cards tweened over the already-drawn table, from where a
 * card was to where it is now. Targets stay hidden until their copy lands. `clear`
 * drops every flight at once, so a new plan always replaces a running one.
 */
export class Flights {
  private running = 0;
  private companions = new Map<Phaser.GameObjects.Image, Phaser.GameObjects.Image[]>(); // a hand card's marks land with it

  constructor(
    private readonly scene: Phaser.Scene,
    private readonly layer: Phaser.GameObjects.Container,
    private readonly fourColour: () => boolean,
  ) {}

  /** True while any card is in the air. */
  busy(): boolean {
    return this.running > 0;
  }

  clear(): void {
    this.scene.tweens.killAll();
    this.layer.removeAll(true);
    this.running = 0;
  }

  /** Starts the flights of `steps`, from where things were (`from`) to where they are drawn now. */
  run(steps: readonly Step[], from: Layout, to: Layout, view: TableView, drawn: Drawn): void {
    this.companions = new Map([...drawn.hand].map(([card, img]) => [img, drawn.marks.get(card) ?? []]));
    let delay = 0;
    for (const step of steps) {
      switch (step.kind) {
        case "deal": {
          const handOrder = [...to.hand];
          const backIndex = new Map<number, number>();
          for (const sprites of [...drawn.hand.values(), ...[...drawn.marks.values()].flat(), ...[...drawn.backs.values()].flat()]) sprites.setAlpha(0);
          step.seats.forEach((seat, i) => {
            const mine = seat === view.mySeat;
            let target: Phaser.GameObjects.Image | undefined;
            if (mine) {
              const slot = handOrder.shift();
              target = slot && drawn.hand.get(slot.card);
            } else {
              const k = backIndex.get(seat) ?? 0;
              backIndex.set(seat, k + 1);
              target = drawn.backs.get(seat)?.[k];
            }
            if (target) this.fly(null, to.pileCentre, target, delay + i * DEAL_GAP_MS, to, true);
            else if (!mine) this.fly(null, to.pileCentre, this.seatPlace(to, seat), delay + i * DEAL_GAP_MS, to, true);
          });
          delay += step.seats.length * DEAL_GAP_MS + FLY_MS;
          break;
        }
        case "play": {
          const src = view.seats.find((s) => s.seat === step.seat)?.isMe ? from.hand.find((h) => h.card === step.card) : (facePlace(from, step.seat, step.card) ?? this.seatPlace(from, step.seat));
          const target = drawn.pile.get(step.card);
          if (target) this.fly(step.card, src ?? to.pileCentre, target, delay, to, false);
          delay += FLY_MS;
          break;
        }
        case "pickup": {
          const mine = view.seats.find((s) => s.seat === step.seat)?.isMe ?? false;
          step.cards.forEach((card, i) => {
            const fromPile = from.pile[from.pile.length - step.cards.length + i] ?? from.pileCentre;
            const target = mine ? drawn.hand.get(card) : faceSprite(drawn, to, step.seat, card);
            this.fly(card, fromPile, target ?? this.seatPlace(to, step.seat), delay + i * 50, to, false);
          });
          delay += FLY_MS + step.cards.length * 50;
          break;
        }
        case "out": {
          const plate = drawn.plates.get(step.seat);
          if (plate) this.pulse(plate, delay);
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
  }

  private seatPlace(layout: Layout, seat: number): Place {
    return layout.seats.find((s) => s.seat === seat)?.cards ?? { x: layout.width / 2, y: 0, angle: 0 };
  }

  /**
   * Flies a card (face `card`, or a back when null) from `src` to `dest`. When `dest` is
   * the drawn sprite, that sprite stays hidden until the flying copy lands on it. A
   * `backSized` card (the deal) starts at an opponent's back size and grows into its target.
   */
  private fly(card: Card | null, src: { x: number; y: number; angle?: number }, dest: Phaser.GameObjects.Image | Place, delay: number, layout: Layout, backSized: boolean): void {
    const frame = cardFrame(this.scene.textures, card, this.fourColour());
    const target = dest instanceof Phaser.GameObjects.Image ? dest : null;
    const end: Place = target ? { x: target.x, y: target.y, angle: target.angle } : dest;
    const flying = this.scene.add
      .image(src.x, src.y, ...frame)
      .setDisplaySize(layout.cardW * (backSized ? BACK_SCALE : 1), layout.cardH * (backSized ? BACK_SCALE : 1))
      .setAngle(src.angle ?? 0)
      .setVisible(delay === 0);
    this.layer.add(flying);
    const riders = target ? (this.companions.get(target) ?? []) : [];
    for (const x of [target, ...riders]) x?.setAlpha(0);
    this.running++;
    const sx = target ? target.scaleX : flying.scaleX;
    const sy = target ? target.scaleY : flying.scaleY;
    this.scene.tweens.add({
      targets: flying,
      x: end.x,
      y: end.y,
      angle: end.angle,
      scaleX: sx,
      scaleY: sy,
      delay,
      duration: FLY_MS,
      ease: "Cubic.easeOut",
      onStart: () => flying.setVisible(true),
      onComplete: () => {
        for (const x of [target, ...riders]) x?.setAlpha(1);
        flying.destroy();
        this.running--;
      },
    });
  }

  private pulse(obj: Phaser.GameObjects.GameObject, delay: number): void {
    this.running++;
    this.scene.tweens.add({ targets: obj, scale: 1.25, yoyo: true, delay, duration: 220, onComplete: () => this.running-- });
  }
}
