import { answerCodec } from "./answer-message";

/** FMA, the acknowledgement (Cargo-IMP): a message was received and accepted; the message may come back with it (answer-message.ts). */
export const fmaCodec = answerCodec("FMA");
