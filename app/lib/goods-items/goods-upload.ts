import { UploadFormSchema } from "../forms/upload-schema";

// The goods items upload of the shipment page (issue 11; API POST goods_items/upload): the form's one field, where it
// posts, and the API's row messages read into i18n keys ("awb:goodsItems.errors.between?min=1&max=100000"), so a
// refused file is listed row by row in the reader's language, never in the server's English.

export const goodsItemsRoute = (mawb: string) => `/dashboard/shipments/${mawb}/goods-items`;

/** The file: XLSX or CSV, at most 10 MB (the statistics uploads' rule and messages). */
export const GoodsUploadSchema = UploadFormSchema.pick({ file: true });

export interface GoodsRowError {
  row: number;
  field: string;
  /** An i18n key with its values after "?". */
  message: string;
}

/** What the form shows after a refused upload: a message beside the file, or the refused rows. */
export interface GoodsRefusal {
  errors: Record<string, string>;
  rows: GoodsRowError[];
}

const key = (name: string, values: Record<string, string> = {}) => {
  const query = new URLSearchParams(values).toString();
  return `awb:goodsItems.errors.${name}${query ? `?${query}` : ""}`;
};

/** The API's texts for a bad cell (api/settings/common.ts, api/http/input.ts, api/settings/uploads.ts). */
const KNOWN: Array<[RegExp, (m: RegExpMatchArray) => string]> = [
  [/can't be blank/, () => key("required")],
  [/is too long \(maximum is (\d+) characters\)/, (m) => key("tooLong", { max: m[1]! })],
  [/must be between (\d+) and (\d+)/, (m) => key("between", { min: m[1]!, max: m[2]! })],
  [/must be 0 or more/, () => key("nonNegative")],
  [/must be at most (\S+)/, (m) => key("atMost", { max: m[1]! })],
  [/must be an integer/, () => key("integer")],
  [/is not a number|expected number/i, () => key("number")],
  [/no data rows/, () => key("noRows")],
  [/at most (\d+) rows/, (m) => key("tooManyRows", { max: m[1]! })],
];

export function rowMessageKey(message: string): string {
  for (const [pattern, toKey] of KNOWN) {
    const match = message.match(pattern);
    if (match) return toKey(match);
  }
  return key("invalid");
}
