import type * as Phaser from "phaser";
import { lastSeconds } from "../model/avatar.js";
import type { Layout } from "../model/layout.js";
import type { TableView } from "../model/view.js";
import { drawnWithin } from "./graphics-extent.js";
import type { Box } from "./partial-frames.js";
import { FONTS } from "./style.js";
import { TextPool } from "./text-pool.js";

const RING_RADIUS = 20; // just outside the avatar (radius 16)
const SECONDS_RADIUS = 16; // the disc the last seconds are written on, over the avatar
const LAST_SECONDS_MS = 5000; // the ring turns red for the last five seconds
const LINE = 4; // the ring's width, px

/**
 * The turn clock: a ring round the mover's avatar that empties as their time runs out, and
 * in its last ten seconds the seconds themselves, written over the avatar on a red disc. The
 * state carries only the deadline, so a clock's full length is the time left when its
 * deadline is first seen (a client joining mid-turn sees a partly empty clock as full).
 */
export class ClockRing {
  private totals = new Map<number, number>(); // deadline → the clock's length when first seen
  private readonly graphics: Phaser.GameObjects.Graphics;
  private readonly seconds: TextPool; // "10" … "0": each drawn once, then only shown

  constructor(scene: Phaser.Scene, dpr: number) {
    this.graphics = scene.add.graphics().setScale(dpr);
    const layer = scene.add.container(0, 0).setScale(dpr);
    this.seconds = new TextPool(scene, dpr, FONTS.clockSeconds, layer, 11);
  }

  /** True when a clock runs for any seat of `view`: the ring has to move even on a still table. */
  static running(view: TableView | null): boolean {
    return view?.seats.some((s) => s.deadline > 0) ?? false;
  }

  /** Redraws every running clock at time `now` (epoch ms) round each seat's badge (`badge`). */
  draw(
    view: TableView | null,
    layout: Layout | null,
    badge: (seat: number) => { x: number; y: number } | undefined,
    now: number,
  ): void {
    this.graphics.clear();
    let secondsShown = false;
    if (!view || !layout) return this.seconds.hide();
    const drawn: Box[] = []; // the rings, in the graphics' own (CSS) px
    if (this.totals.size > 64) this.totals.clear(); // old turns' clocks
    for (const s of view.seats) {
      if (!s.deadline) continue;
      const spot = layout.seats.find((x) => x.seat === s.seat);
      if (!spot) continue;
      const left = Math.max(0, s.deadline - now);
      const total = this.totals.get(s.deadline) ?? Math.max(left, 1);
      this.totals.set(s.deadline, total);
      const centre = badge(s.seat) ?? { x: spot.x, y: spot.y };
      const reach = RING_RADIUS + LINE;
      drawn.push({ x: centre.x - reach, y: centre.y - reach, width: 2 * reach, height: 2 * reach });
      this.graphics.lineStyle(LINE, left < LAST_SECONDS_MS ? 0xe23b3b : 0xffffff, 1);
      this.graphics.beginPath();
      this.graphics.arc(
        centre.x,
        centre.y,
        RING_RADIUS,
        -Math.PI / 2,
        -Math.PI / 2 + (2 * Math.PI * left) / total,
        false,
      );
      this.graphics.strokePath();
      const seconds = lastSeconds(s.deadline, now);
      if (seconds !== null && !secondsShown) {
        secondsShown = true;
        this.graphics.fillStyle(0xb3261e, 0.95).fillCircle(centre.x, centre.y, SECONDS_RADIUS);
        this.seconds.set(String(seconds), centre.x, centre.y).setName("clock-seconds");
      }
    }
    if (!secondsShown) this.seconds.hide();
    drawnWithin(this.graphics, ...drawn);
  }
}
