import { ServerError, type ErrorCode } from "@colyseus/core";
import { JOIN_REFUSED_CODE, type JoinRefusal } from "@yourtrumps/protocol";

/** A refusal the client recognises by its first word (see @yourtrumps/protocol's JOIN_REFUSALS). */
export function joinRefused(refusal: JoinRefusal, why: string): ServerError {
  return new ServerError(JOIN_REFUSED_CODE satisfies typeof ErrorCode.AUTH_FAILED, `${refusal}: ${why}`);
}
