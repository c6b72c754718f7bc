/**
 * The table's sounds, synthesised with Web Audio (nothing to download, nothing to
 * license): a soft noise tick for a card, two for a beat, a riffle for a pickup, a bell
 * for your turn, chords for going out and the result. The AudioContext is made on the
 * page's first click, tap or key — browsers refuse to start one sooner, and a table
 * must not make a sound before the player has touched it. Muting is read at every cue,
 * so it takes effect at once.
 */
import type { Cue } from "./cues.js";

const GAP_S = 0.07; // between cues that arrive together
const VOLUME = 0.25;
const IDLE_MS = 2000; // a running AudioContext keeps an audio thread busy: suspended this long after the last sound

export class SoundBoard {
  private context: AudioContext | null = null;
  private noise: AudioBuffer | null = null;
  private readonly heard: Cue[] = []; // every cue sounded (test hook)
  private idle: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly enabled: () => boolean) {
    const unlock = (): void => {
      for (const type of GESTURES) removeEventListener(type, unlock, true);
      this.start();
    };
    for (const type of GESTURES) addEventListener(type, unlock, { capture: true, passive: true });
  }

  /** The cues sounded so far (test hook): none before the first gesture, none while muted. */
  sounded(): Cue[] {
    return this.heard.slice();
  }

  /** Sounds `cues` one after another, unless muted or the player has not touched the page yet. */
  play(cues: readonly Cue[]): void {
    const ctx = this.context;
    if (!ctx || !this.enabled() || cues.length === 0) return;
    if (ctx.state === "suspended") void ctx.resume();
    cues.forEach((cue, i) => {
      this.heard.push(cue);
      this.sound(ctx, cue, ctx.currentTime + 0.01 + i * GAP_S);
    });
    clearTimeout(this.idle);
    this.idle = setTimeout(() => void ctx.suspend(), IDLE_MS + cues.length * GAP_S * 1000); // between moves the audio thread rests (a phone's battery)
  }

  private start(): void {
    if (this.context || typeof AudioContext === "undefined") return;
    try {
      this.context = new AudioContext();
    } catch {
      return; // no audio device: the table stays silent
    }
    const ctx = this.context;
    void ctx.suspend(); // until the first sound
    const length = Math.floor(ctx.sampleRate * 0.2);
    this.noise = ctx.createBuffer(1, length, ctx.sampleRate);
    const data = this.noise.getChannelData(0);
    let seed = 0x9e3779b9; // a fixed pattern: noise needs no secret randomness
    for (let i = 0; i < length; i++) {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      data[i] = ((seed >>> 0) / 0xffffffff) * 2 - 1;
    }
  }

  private sound(ctx: AudioContext, cue: Cue, at: number): void {
    switch (cue) {
      case "play":
        return this.tick(ctx, at, 2400);
      case "beat":
        this.tick(ctx, at, 1800);
        return this.tick(ctx, at + 0.08, 3000);
      case "pickup":
        for (let i = 0; i < 4; i++) this.tick(ctx, at + i * 0.045, 1500 + i * 300, 0.6);
        return;
      case "yourTurn":
        return this.tone(ctx, at, 880, 0.18, "sine", 0.5);
      case "out":
        this.tone(ctx, at, 660, 0.12, "triangle");
        return this.tone(ctx, at + 0.1, 990, 0.18, "triangle");
      case "win":
        return [523.25, 659.25, 783.99, 1046.5].forEach((f, i) => this.tone(ctx, at + i * 0.11, f, 0.22, "triangle"));
      case "lose":
        return [392, 329.63, 261.63].forEach((f, i) => this.tone(ctx, at + i * 0.16, f, 0.3, "sine"));
      case "draw":
        this.tone(ctx, at, 523.25, 0.2, "sine");
        return this.tone(ctx, at + 0.2, 523.25, 0.25, "sine");
      case "seated": // a doorbell: two rising notes, twice — heard over a local game
        return [659.25, 880, 659.25, 880].forEach((f, i) => this.tone(ctx, at + i * 0.16, f, 0.2, "sine", 0.8));
      default: {
        const never: never = cue;
        return never;
      }
    }
  }

  /** A short band-passed noise burst: a card landing on cloth. */
  private tick(ctx: AudioContext, at: number, frequency: number, loudness = 1): void {
    if (!this.noise) return;
    const source = ctx.createBufferSource();
    source.buffer = this.noise;
    const filter = ctx.createBiquadFilter();
    filter.type = "bandpass";
    filter.frequency.value = frequency;
    filter.Q.value = 1.2;
    const gain = envelope(ctx, at, 0.06, VOLUME * 1.6 * loudness);
    source.connect(filter).connect(gain).connect(ctx.destination);
    source.start(at, 0, 0.07);
  }

  private tone(
    ctx: AudioContext,
    at: number,
    frequency: number,
    seconds: number,
    type: OscillatorType,
    loudness = 1,
  ): void {
    const osc = ctx.createOscillator();
    osc.type = type;
    osc.frequency.value = frequency;
    const gain = envelope(ctx, at, seconds, VOLUME * loudness);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + seconds + 0.05);
  }
}

const GESTURES = ["pointerdown", "keydown", "touchend"] as const;

/** A gain that rises in 5 ms and decays over `seconds`: no click at either end. */
function envelope(ctx: AudioContext, at: number, seconds: number, peak: number): GainNode {
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(peak, at + 0.005);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + seconds);
  return gain;
}
