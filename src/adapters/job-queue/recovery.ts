/**
 * Deliveries both queue adapters keep beyond a message's attempts. The worker treats every delivery
 * from the last attempt on as "last" (it fails the rows instead of retrying them), but when the
 * database is down it cannot record even that: the message then comes back (its failure or its
 * expiry is recorded once the database answers) and, without these spare deliveries, the queue would
 * keep it as failed for good and leave the batch job `processing` forever. With them it is delivered
 * again (backoff up to ~9 h each, ~36 h in all) and the job finishes once the database is back.
 */
export const RECOVERY_DELIVERIES = 10;
