/**
 * Colyseus gives every room's encoder buffers of its own, sized by the process-wide
 * `Encoder.BUFFER_SIZE` (16 KB by default, meant for maps of moving entities): one for
 * the full state a joining client gets, and one for patches, which the first patch
 * through a StateView doubles (the encoder keeps a whole buffer free past the shared
 * part). That was 48 KB a table, half of what an idle table held in V8's heap and array
 * buffers. A table's whole state encodes to under 2 KB (four seats with the longest
 * names, every card in a hand and on the pile at once), and to 2.4 KB even with every
 * card shown four times over (encoder-buffers.test.ts), so 4 KB buffers hold it with
 * room to spare, at 12 KB a table. A state that ever outgrew them would still be sent
 * whole: the encoder grows the buffer it needed, with a warning.
 */
import { Encoder } from "@colyseus/schema";

export const TABLE_ENCODER_BUFFER_BYTES = 4 * 1024;

/** Sizes the buffers of every encoder made from now on: call it before the first table is created. */
export function sizeEncoderBuffers(): void {
  Encoder.BUFFER_SIZE = TABLE_ENCODER_BUFFER_BYTES;
}
