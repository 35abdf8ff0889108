/** Allotment types (spec 2 "Allotment"): a hard allotment is paid whether used or not, a soft one only as used. */
export const ALLOTMENT_TYPES = ["hard", "soft"] as const;
export type AllotmentType = (typeof ALLOTMENT_TYPES)[number];
