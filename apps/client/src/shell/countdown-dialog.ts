/**
 * A small dialog over whatever the page shows, counting down the seconds it stands: an
 * invitation to a duel (people/challenge-box.ts) and a seat offered while a local game is
 * played meanwhile (table/seat-offer.ts). It takes the focus (its first button) when it
 * appears, so a keyboard or a screen reader meets it at once; Escape gives the escape
 * answer. Its clock ticks from the view's insert hook until its destroy hook.
 */
import { h, Mount, type VNode } from "./view.js";

export interface DialogButton {
  id: string;
  text: string;
  answer(): void; // after the dialog has closed
}

/** What one dialog shows. */
export interface CountdownSpec {
  id: string; // the dialog's element id; its title's is `${id}-title`
  role: "dialog" | "alertdialog";
  lang: string;
  title: (string | VNode)[];
  deadline: number; // epoch ms
  buttons: DialogButton[]; // the first is the primary one, and takes the focus
  escape(): void; // after the dialog has closed
  lapsed?: () => void; // the deadline passed (the dialog closes itself only when this is given)
}

/** The dialog's state as its view reads it. */
export interface CountdownState {
  spec: CountdownSpec;
  serial: number; // a new dialog is a new node: its first button takes the focus
  secondsLeft: number;
}

export interface CountdownActs {
  press(button: DialogButton): void;
  escape(): void;
  started(): void;
  stopped(): void;
}

/** One dialog at a time: a newer one replaces the last. */
export class CountdownDialog implements CountdownActs {
  private state: CountdownState | null = null;
  private serial = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly root = document.createElement("div");
  private readonly mount = new Mount(this.root, () => (this.state === null ? h("!") : countdownView(this.state, this)));

  get showing(): boolean {
    return this.state !== null;
  }

  show(spec: CountdownSpec): void {
    this.state = { spec, serial: ++this.serial, secondsLeft: secondsTo(spec.deadline) };
    if (!this.root.isConnected) document.body.append(this.root);
    this.mount.redraw();
  }

  close(): void {
    if (this.state === null) return;
    this.state = null;
    this.mount.clear();
    this.root.remove();
  }

  press(button: DialogButton): void {
    this.close();
    button.answer();
  }

  escape(): void {
    const spec = this.state?.spec;
    this.close();
    spec?.escape();
  }

  started(): void {
    clearInterval(this.timer);
    this.timer = setInterval(() => this.tick(), 1000);
  }

  stopped(): void {
    clearInterval(this.timer);
  }

  private tick(): void {
    if (this.state === null) return;
    this.state = { ...this.state, secondsLeft: secondsTo(this.state.spec.deadline) };
    const lapsed = this.state.spec.lapsed;
    if (this.state.secondsLeft === 0 && lapsed !== undefined) {
      this.close();
      lapsed();
    } else this.mount.redraw();
  }
}

function secondsTo(deadline: number): number {
  return Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
}

/** The dialog: pure, from its state to its nodes. */
export function countdownView(state: CountdownState, ctrl: CountdownActs): VNode {
  const { spec } = state;
  return h(
    `div#${spec.id}.challenge-box`,
    {
      key: state.serial,
      attrs: { role: spec.role, "aria-labelledby": `${spec.id}-title`, lang: spec.lang },
      on: {
        keydown: (e: KeyboardEvent) => {
          if (e.key !== "Escape") return;
          e.stopPropagation();
          ctrl.escape();
        },
      },
      hook: { insert: () => ctrl.started(), destroy: () => ctrl.stopped() },
    },
    [
      h(`p#${spec.id}-title`, [h("span", spec.title), " ", h("span.seconds", `${state.secondsLeft} s`)]),
      h(
        "div.buttons",
        spec.buttons.map((b, i) =>
          h(
            `button#${b.id}`,
            {
              class: { primary: i === 0 },
              attrs: { type: "button" },
              on: { click: () => ctrl.press(b) },
              hook: i === 0 ? { insert: (v) => (v.elm as HTMLElement).focus() } : {},
            },
            b.text,
          ),
        ),
      ),
    ],
  );
}
