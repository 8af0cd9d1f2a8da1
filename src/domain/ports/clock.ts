/**
 * The process clock: the one source of "now". Injected (services.now) so tests and the sandbox can
 * move time; use cases read it once per request into CompanyContext.now, and the pure scheduler
 * takes the instant as a parameter.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
