import type * as Phaser from "phaser";

/** Everything a redraw may change about a card image: where, how big, which frame, how it looks. */
export interface Pose {
  x: number;
  y: number;
  angle: number; // degrees
  width: number; // display size, CSS px
  height: number;
  texture: string; // the deck atlas of the palette in use
  frame: string; // a card, the back or a mark (textures.ts)
  tint: number; // 0xffffff: none
  depth: number; // order inside the card layer: higher is drawn later
  visible: boolean;
}

/** The pose `image` has now (flights start from it and return to it). */
export function poseOf(image: Phaser.GameObjects.Image): Pose {
  return {
    x: image.x,
    y: image.y,
    angle: image.angle,
    width: image.displayWidth,
    height: image.displayHeight,
    texture: image.texture.key,
    frame: String(image.frame.name),
    tint: image.tint,
    depth: image.depth,
    visible: image.visible,
  };
}

/** Equal to a hundredth: Phaser derives angles and display sizes from floats. */
const near = (a: number, b: number): boolean => Math.abs(a - b) < 0.01;

/**
 * Puts `image` in `pose`, touching only the properties that differ — a redraw of a still
 * table sets nothing. Returns true when its depth changed (its layer must be re-sorted).
 */
export function applyPose(image: Phaser.GameObjects.Image, pose: Pose): boolean {
  if (image.texture.key !== pose.texture || image.frame.name !== pose.frame) image.setTexture(pose.texture, pose.frame);
  if (image.x !== pose.x || image.y !== pose.y) image.setPosition(pose.x, pose.y);
  if (!near(image.angle, pose.angle)) image.setAngle(pose.angle);
  if (!near(image.displayWidth, pose.width) || !near(image.displayHeight, pose.height))
    image.setDisplaySize(pose.width, pose.height);
  if (image.tint !== pose.tint) image.setTint(pose.tint);
  if (image.visible !== pose.visible) image.setVisible(pose.visible);
  if (image.depth === pose.depth) return false;
  image.setDepth(pose.depth);
  return true;
}
