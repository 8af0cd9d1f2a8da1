import { ONE_OFF_CADENCE, type CompiledCadence, type CompiledTaskType } from './compile-config.js';
import type { Decision, EnrollmentPlanInput, PlanFailureReason } from './types.js';

export const CADENCE_RULE = {
  id: 'cadence-selection',
  source: 'Company configuration (task type cadences); interface specification, enrollment rules 1–3',
} as const;

export type CadenceSelection =
  { ok: true; cadence: CompiledCadence; notes: Decision[] } | { ok: false; reason: PlanFailureReason; message: string };

const note = (message: string): Decision => ({
  rule: CADENCE_RULE.id,
  source: CADENCE_RULE.source,
  effect: 'selected',
  message,
});

/**
 * oneOff → exactly one call; daysSincePaidOff → the returning cadence of its range; otherwise
 * the task type's cadence (new-lead cadence, or the plain returning initial call with mobile
 * fallback). daysInApplied is context only and never changes the steps.
 */
export function selectCadence(taskType: CompiledTaskType, input: EnrollmentPlanInput): CadenceSelection {
  const notes: Decision[] = [];
  if (input.daysInApplied !== undefined && input.daysInApplied !== null) {
    notes.push({
      ...note(`daysInApplied ${input.daysInApplied} recorded as context; no cadence step is skipped`),
      effect: 'note',
    });
  }
  if (input.oneOff === true) {
    if (!taskType.oneOffAllowed) {
      return { ok: false, reason: 'one_off_not_allowed', message: `oneOff is not allowed for ${taskType.name}` };
    }
    notes.push(note('oneOff: exactly one call, no fallback'));
    return { ok: true, cadence: ONE_OFF_CADENCE, notes };
  }
  const days = input.daysSincePaidOff;
  if (days !== undefined && days !== null && taskType.byDaysSincePaidOff.length > 0) {
    const range = taskType.byDaysSincePaidOff.find((r) => days >= r.min && (r.max === null || days <= r.max));
    if (!range) {
      return {
        ok: false,
        reason: 'no_cadence_for_days_since_paid_off',
        message: `no ${taskType.name} cadence covers daysSincePaidOff ${days}`,
      };
    }
    const span = range.max === null ? `${range.min}+` : `${range.min}–${range.max}`;
    notes.push(note(`daysSincePaidOff ${days} selects cadence ${range.cadence.id} (${span} days)`));
    return { ok: true, cadence: range.cadence, notes };
  }
  if (taskType.byDaysSincePaidOff.length > 0) {
    notes.push(note(`daysSincePaidOff omitted: initial call ${taskType.cadence.id}, no payoff-based cadence`));
  } else {
    notes.push(note(`cadence ${taskType.cadence.id}`));
  }
  return { ok: true, cadence: taskType.cadence, notes };
}
