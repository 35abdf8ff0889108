import { csnCodec } from "./cimp/csn";
import { fblCodec } from "./cimp/fbl";
import { ffaCodec } from "./cimp/ffa";
import { ffmCodec } from "./cimp/ffm";
import { ffrCodec } from "./cimp/ffr";
import { FHL_CODEC } from "./cimp/fhl";
import { fmaCodec } from "./cimp/fma";
import { fnaCodec } from "./cimp/fna";
import { fsaCodec } from "./cimp/fsa";
import { fsuCodec } from "./cimp/fsu";
import { FWB_CODEC } from "./cimp/fwb";
import { uwsCodec } from "./cimp/uws";
import { mvtCodec } from "./ahm/mvt-codec";
import { asmCodec, ssmCodec } from "./ssim/schedule-message-codec";
import { ssimCodec } from "./ssim/ssim-codec";
import type { TelegramCodec } from "./telegram-codec";

/**
 * Every message type the product reads and writes, by its type code. A codec module adds itself here (one line per
 * type), and nothing else needs to know it exists: parseTelegram, generateTelegram, the `cargo-imp` command, the
 * round-trip and fuzz tests all go through this list.
 */
// biome-ignore lint/suspicious/noExplicitAny: each codec has its own model type; callers narrow by `type`
export const TELEGRAM_CODECS: Readonly<Record<string, TelegramCodec<any>>> = Object.freeze({
  FSU: fsuCodec,
  FSA: fsaCodec,
  FFR: ffrCodec,
  FFA: ffaCodec,
  FNA: fnaCodec,
  FMA: fmaCodec,
  SSIM: ssimCodec,
  ASM: asmCodec,
  SSM: ssmCodec,
  MVT: mvtCodec,
  FWB: FWB_CODEC,
  FHL: FHL_CODEC,
  FFM: ffmCodec,
  FBL: fblCodec,
  UWS: uwsCodec,
  CSN: csnCodec,
});
