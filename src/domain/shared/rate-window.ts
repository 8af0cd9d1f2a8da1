export interface RatePolicy {
  /** Policy name used in the IETF RateLimit headers and as the counter key. */
  name: string;
  limit: number;
  windowSeconds: number;
  /** What is counted, for messages ("batch submissions"). */
  noun: string;
}

/** A policy's current window after counting this request (rendered as IETF RateLimit headers by src/http/). */
export interface RateWindow {
  policy: RatePolicy;
  remaining: number;
  resetSeconds: number;
}
