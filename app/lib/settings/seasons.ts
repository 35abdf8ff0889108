/** Seasons of segment payloads (spec 2 §9: summer, winter). */
export const SEASONS = ["summer", "winter"] as const;
export type Season = (typeof SEASONS)[number];
