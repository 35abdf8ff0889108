import { answerCodec } from "./answer-message";

/** FNA, the error notification (Cargo-IMP): why a message was rejected, and the message itself (answer-message.ts). */
export const fnaCodec = answerCodec("FNA");
