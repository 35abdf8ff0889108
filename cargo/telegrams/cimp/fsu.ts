import { statusCodec } from "./status-message";

/**
 * FSU, the status update (Cargo-IMP): a shipment's movements as handling, the carrier or customs record them. The
 * layout and the model are status-message.ts's; FSA, the status answer, shares them.
 */
export const fsuCodec = statusCodec("FSU");
