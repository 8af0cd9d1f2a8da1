import { type Clock, systemClock } from '../../domain/ports/clock.js';

/**
 * The process clock. With OUTREACH_CLOCK it starts at that instant when the process starts and runs
 * forward in real time (a sandbox, a demo or a black-box test sees a weekday morning on any day).
 */
export function processClock(start: Date | null): Clock {
  if (!start) return systemClock;
  const offset = start.getTime() - Date.now();
  return () => new Date(Date.now() + offset);
}
