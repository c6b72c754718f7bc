export { Core, PICKUP, R_NONE, R_OUT, R_LAST_CARD_DRAW, R_REPETITION, R_TURN_LIMIT, hashOfKey } from "./core.js";
export { randomPlayout } from "./playout.js";
