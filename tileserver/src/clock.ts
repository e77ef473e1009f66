// The one clock. Billing periods, renewals, usage months, trials and export times read it, so tests can move
// time by passing another; nothing else calls `new Date()` for a decision.
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
