import { statusCodec } from "./status-message";

/**
 * FSA, the status answer (Cargo-IMP): what a carrier answers a status request (FSR) with, the shipment's movements
 * so far. Its body is an FSU's (status-message.ts); only the identifier line differs.
 */
export const fsaCodec = statusCodec("FSA");
