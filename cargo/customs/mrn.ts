/**
 * The movement reference number (MRN) customs gives a declaration (EU and EAEU export, transit and entry systems): 18
 * characters, two digits of the year, the declaring country's ISO code, then fourteen letters and digits (the last a
 * check character). An air waybill carries the MRN of the declaration its goods move under (spec 2 "Shipment ... mrn");
 * a CSN sent for a waybill names it (spec 2 §5: "Sending CSN requires every selected AWB to have an MRN").
 */
export const MRN_PATTERN = /^\d{2}[A-Z]{2}[A-Z0-9]{14}$/;

/** Whether `text` is an MRN as written on the wire (upper case, no spaces). */
export const isMrn = (text: string | null | undefined): text is string => typeof text === "string" && MRN_PATTERN.test(text);

/** An MRN as typed ("26ru 1234-5678...") in its written form: upper case, without spaces and hyphens. */
export const normalMrn = (typed: string): string => typed.replace(/[\s-]+/g, "").toUpperCase();
