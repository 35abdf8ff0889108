import { SSIM_LIMITS } from "../../cargo/telegrams/ssim/ssim-limits";

/** The multipart envelope (boundary, the identifier field) around the largest file; a JSON text escapes its line ends. */
export const SSIM_BODY_LIMIT = Math.ceil(SSIM_LIMITS.maxFileBytes * 1.05) + 64 * 1024;
