// The `glicko2` package (MIT, 1.2.x) ships no types: the part of its API glicko.ts uses.
declare module "glicko2" {
  interface Glicko2Settings {
    tau?: number;
    rating?: number;
    rd?: number;
    vol?: number;
  }
  class Player {
    getRating(): number;
    getRd(): number;
    getVol(): number;
  }
  class Glicko2 {
    constructor(settings?: Glicko2Settings);
    makePlayer(rating?: number, rd?: number, vol?: number): Player;
    /** One rating period: every match given is applied at once. */
    updateRatings(matches: [Player, Player, number][]): void;
  }
  const glicko2: { Glicko2: typeof Glicko2 };
  export default glicko2;
  export type { Player };
}
