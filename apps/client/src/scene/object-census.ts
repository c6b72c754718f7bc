import type { Card } from "@yourtrumps/engine";
import * as Phaser from "phaser";
import { extentOf } from "./graphics-extent.js";
import type { DrawnBox, SceneCounts, SceneFrames, SceneProbe } from "./scene-probe.js";

let textRenders = 0; // every Text's canvas redraws, counted from the first census on
let patched = false;

/** Counts Text canvas redraws by wrapping `updateText` once for every Text of the page. */
function countTextRenders(): void {
  if (patched) return;
  patched = true;
  const proto = Phaser.GameObjects.Text.prototype;
  const updateText = Object.getOwnPropertyDescriptor(proto, "updateText")?.value as (
    this: Phaser.GameObjects.Text,
  ) => Phaser.GameObjects.Text;
  proto.updateText = function (this: Phaser.GameObjects.Text) {
    textRenders++;
    return updateText.call(this);
  };
}

function walk(list: readonly Phaser.GameObjects.GameObject[], counts: { objects: number; texts: number }): void {
  for (const obj of list) {
    counts.objects++;
    if (obj instanceof Phaser.GameObjects.Text) counts.texts++;
    if (obj instanceof Phaser.GameObjects.Container) walk(obj.list, counts);
  }
}

/** The boxes (CSS px) of every shown object of `list` that has a name, its containers shown too. */
function namedBoxes(list: readonly Phaser.GameObjects.GameObject[], dpr: number, out: DrawnBox[]): DrawnBox[] {
  for (const obj of list) {
    const o = obj as Phaser.GameObjects.GameObject & Phaser.GameObjects.Components.Visible;
    if (!o.visible) continue;
    if (obj instanceof Phaser.GameObjects.Container) namedBoxes(obj.list, dpr, out);
    if (obj.name === "") continue;
    if (obj instanceof Phaser.GameObjects.Graphics) {
      const m = obj.getWorldTransformMatrix();
      for (const b of extentOf(obj) ?? []) {
        const a = m.transformPoint(b.x, b.y);
        const z = m.transformPoint(b.x + b.width, b.y + b.height);
        out.push({ part: obj.name, words: "", x: a.x / dpr, y: a.y / dpr, w: (z.x - a.x) / dpr, h: (z.y - a.y) / dpr });
      }
    } else if (obj instanceof Phaser.GameObjects.Text) {
      const r = obj.getBounds();
      out.push({ part: obj.name, words: obj.text, x: r.x / dpr, y: r.y / dpr, w: r.width / dpr, h: r.height / dpr });
    }
  }
  return out;
}

/**
 * The test hook's view of a scene's objects: how many exist, how many were ever added,
 * how often a Text redrew, and which object shows a card — so a browser test can prove a
 * key press creates nothing and a flight moves the card's own sprite. Counted from outside
 * the scene (Phaser's own event and prototype), not from the scene's bookkeeping.
 */
export function objectCensus(
  scene: Phaser.Scene,
  cardObject: (card: Card) => Phaser.GameObjects.GameObject | undefined,
  frames: () => SceneFrames,
  dpr: number,
): SceneProbe {
  countTextRenders();
  let created = 0;
  scene.events.on(Phaser.Scenes.Events.ADDED_TO_SCENE, () => created++);
  const serials = new WeakMap<object, number>();
  let nextSerial = 1;
  return {
    counts(): SceneCounts {
      const counts = { objects: 0, texts: 0 };
      walk(scene.children.list, counts);
      return { ...counts, created, textRenders, partialFrames: frames().partial };
    },
    frames,
    drawnBoxes: () => namedBoxes(scene.children.list, dpr, []),
    cardSprite(card) {
      const obj = cardObject(card);
      if (!obj) return null;
      let serial = serials.get(obj);
      if (serial === undefined) serials.set(obj, (serial = nextSerial++));
      return serial;
    },
  };
}
