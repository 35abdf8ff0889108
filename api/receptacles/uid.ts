import type { Refusal, RefusalCode, RefusalParams } from "../http/refusals";
// The UPU S9 receptacle identifier (29 characters), read into its parts. Positions:
//   1-6   origin office of exchange (IMPC: country 2 letters, location 3 letters, qualifier letter or digit)
//   7-12  destination office of exchange
//   13    mail category: A air/priority, B S.A.L., C surface, D priority by surface
//   14-15 mail subclass (UN letters, CN parcels, EM EMS, ...)
//   16    last digit of the dispatch year
//   17-20 dispatch serial number, 0001-9999
//   21-23 receptacle serial number, 001-999
//   24    highest-numbered receptacle indicator: 1 when it is the last receptacle of the dispatch, else 0
//   25    registered/insured indicator: 0 none, 1 registered, 9 insured
//   26-29 weight in hectograms (0105 = 10.5 kg)

export const RECEPTACLE_UID_LENGTH = 29;
export const MAIL_CATEGORIES = ["A", "B", "C", "D"] as const;

/** An office of exchange code (IMPC). */
export const OFFICE_PATTERN = /^[A-Z]{5}[A-Z0-9]$/;

export interface ReceptacleUid {
  uid: string;
  post_office_origin: string;
  post_office_destination: string;
  mail_category: string;
  mail_subclass: string;
  year_digit: string;
  dispatch_number: string;
  receptacle_number: string;
  last_in_dispatch: boolean;
  registered: string;
  /** kg, one decimal */
  weight: number;
}

const UID_PATTERN = /^([A-Z]{5}[A-Z0-9])([A-Z]{5}[A-Z0-9])([ABCD])([A-Z0-9]{2})(\d)(\d{4})(\d{3})([01])([019])(\d{4})$/;

const no = (code: RefusalCode, params: RefusalParams = {}) => ({ ok: false as const, refusal: { code, params } });

/** The UID's parts, or the refusal a user reads under the field. */
export function parseReceptacleUid(text: string): { ok: true; value: ReceptacleUid } | { ok: false; refusal: Refusal } {
  const uid = text.trim().toUpperCase();
  if (uid.length !== RECEPTACLE_UID_LENGTH) return no("uid_length", { length: RECEPTACLE_UID_LENGTH });
  const m = UID_PATTERN.exec(uid);
  if (!m) return no("uid_format");
  const [, origin, destination, category, subclass, year, dispatch, serial, last, registered, hectograms] = m as unknown as string[];
  if (origin === destination) return no("uid_same_office");
  if (dispatch === "0000") return no("uid_dispatch_zero");
  if (serial === "000") return no("uid_serial_zero");
  return {
    ok: true,
    value: {
      uid,
      post_office_origin: origin!,
      post_office_destination: destination!,
      mail_category: category!,
      mail_subclass: subclass!,
      year_digit: year!,
      dispatch_number: dispatch!,
      receptacle_number: serial!,
      last_in_dispatch: last === "1",
      registered: registered!,
      weight: Number(hectograms) / 10,
    },
  };
}

/** The UID of these parts (the demo data builds its receptacles with it). */
export function formatReceptacleUid(p: Omit<ReceptacleUid, "uid" | "weight"> & { weight: number }): string {
  const hectograms = String(Math.round(p.weight * 10)).padStart(4, "0");
  return `${p.post_office_origin}${p.post_office_destination}${p.mail_category}${p.mail_subclass}${p.year_digit}${p.dispatch_number}${p.receptacle_number}${p.last_in_dispatch ? 1 : 0}${p.registered}${hectograms}`;
}
