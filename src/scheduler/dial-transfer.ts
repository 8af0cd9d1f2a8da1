import { compileConfig } from './compile-config.js';
import { instantMs } from './instants.js';
import { routeTransfer } from './transfer.js';
import type { Decision, Instant, SchedulerConfig } from './types.js';

/**
 * The transfer destination for a call of `taskType` placed at `at` (re-evaluated at dial time, since
 * business hours may have closed since the call was planned); null for a task type not configured.
 */
export function transferDestinationAt(
  config: SchedulerConfig,
  taskType: string,
  at: Instant,
): { destination: string; decision: Decision } | null {
  const cfg = compileConfig(config);
  const type = cfg.taskTypes.get(taskType);
  return type ? routeTransfer(type.routes, cfg.transferFallback, instantMs(at, 'at')) : null;
}
