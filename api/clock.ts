/** Source of "now" for everything time-sensitive (token lifetimes, grace, rate windows), so tests can move time. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export const secondsBetween = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 1000;

export const addSeconds = (d: Date, s: number) => new Date(d.getTime() + s * 1000);
