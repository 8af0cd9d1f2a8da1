import type { DateTime } from 'luxon';
import { selectCadence } from './cadence.js';
import { compileConfig, type CompiledConfig, type CompiledStep, type CompiledTaskType } from './compile-config.js';
import { insertPoint, normalizeHistory } from './history.js';
import { ceilToMinute, instantMs } from './instants.js';
import { choosePhone, WRONG_NUMBER_RULE } from './phone-choice.js';
import { phoneBook, rotationStart } from './phones.js';
import { customerLocalities } from './localities.js';
import { customerStates, plausibleZones, type PlausibleZones } from './plausible-zones.js';
import { findContactRestriction } from './restrictions.js';
import type { AttemptPoint } from './rules/rule.js';
import { searchAllowedTime } from './search.js';
import { normalizeState } from './state-zones.js';
import { routeTransfer } from './transfer.js';
import type {
  Decision,
  EnrollmentPlanInput,
  PlanFailureReason,
  PlannedCall,
  PlanResult,
  SchedulerConfig,
  SkippedStep,
} from './types.js';
import { DAY, MINUTE, dayNumber, formatClockTime, isoFromMs } from './zone-clock.js';

export const PLAN_RULES = {
  taskType: { id: 'task-type', source: 'Company configuration (task type catalog)' },
  zones: { id: 'plausible-zones', source: "TCPA 47 CFR 64.1200(c)(1): the called party's local time" },
  cadence: { id: 'cadence-step', source: 'Company configuration (cadence steps)' },
  minGap: { id: 'min-gap', source: 'Company configuration (minGapMinutes)' },
} as const;

/**
 * Plans the calls of one enrollment: checks contact restrictions, selects the cadence, then
 * places each step at the earliest time every rule allows — counting history and the calls
 * already placed by this plan — on a number from the rotation, with its transfer destination.
 * Pure: `now` is the only clock.
 */
export function planEnrollment(input: EnrollmentPlanInput, config: SchedulerConfig, now: DateTime): PlanResult {
  const cfg = compileConfig(config);
  const nowMs = ceilToMinute(instantMs(now, 'now'));
  const taskType = cfg.taskTypes.get(input.taskType);
  if (!taskType) {
    const known = [...cfg.taskTypes.keys()].join(', ');
    return fail('unknown_task_type', PLAN_RULES.taskType, `task type ${input.taskType} is not configured (${known})`);
  }
  const loanId = input.loanId ?? undefined;
  const history = normalizeHistory(input.history, cfg.purposeOf);

  const restriction = findContactRestriction(input.customer, history.flaggedRestrictions, loanId, taskType.purpose);
  if (restriction) {
    return fail('contact_restricted', restriction, restriction.decision.message, [restriction.decision]);
  }
  const selection = selectCadence(taskType, input);
  if (!selection.ok) return fail(selection.reason, PLAN_RULES.cadence, selection.message);

  const book = phoneBook(input.customer, history.wrongNumbers);
  const notes: Decision[] = [...selection.notes];
  for (const [phone, why] of book.unusable) {
    if (book.all.includes(phone)) notes.push(wrongNumberNote(phone, why));
  }
  if (book.usable.length === 0) {
    return fail('no_usable_phone', WRONG_NUMBER_RULE, 'the customer has no usable phone number', notes);
  }

  const state = normalizeState(input.customer.state);
  const year = new Date(nowMs).getUTCFullYear();
  const home = plausibleZones(input.customer.timezone, state, undefined, year);
  if (!home) {
    return fail('invalid_timezone', PLAN_RULES.zones, `timezone ${input.customer.timezone} is not an IANA zone`);
  }

  const states = customerStates(state, book.usable);
  const planner = new StepPlacer(
    cfg,
    taskType,
    loanId,
    nowMs,
    home,
    states,
    customerLocalities(input.customer),
    history.points.slice(),
  );
  const calls: PlannedCall[] = [];
  const skipped: SkippedStep[] = [];
  let rotation = rotationStart(book, history.lastPhone);
  let previous: PlannedCall | undefined;
  let previousMs = Number.NEGATIVE_INFINITY;
  const zonesByPhone = new Map<string, PlausibleZones>();

  selection.cadence.steps.forEach((step, stepIndex) => {
    if (step.fallback && previous === undefined) {
      skipped.push({ step: step.id, stepIndex, reason: 'nothing_to_back_up', explanation: [] });
      return;
    }
    const choice = choosePhone(step, book, rotation, previous?.phoneNumber);
    if (choice.phone === undefined) {
      skipped.push({ step: step.id, stepIndex, reason: 'no_fallback_phone', explanation: [choice.decision] });
      return;
    }
    let zones = zonesByPhone.get(choice.phone);
    if (zones === undefined) {
      zones = plausibleZones(input.customer.timezone, state, choice.phone, year) ?? home;
      zonesByPhone.set(choice.phone, zones);
    }
    const placed = planner.place(step, zones, previousMs);
    const explanation = [...placed.decisions];
    explanation.splice(1, 0, choice.decision);
    if (placed.timeMs === null) {
      skipped.push({ step: step.id, stepIndex, reason: 'no_allowed_time', explanation });
      return;
    }
    rotation = choice.nextRotation;
    const route = routeTransfer(taskType.routes, cfg.transferFallback, placed.timeMs);
    explanation.push(route.decision);
    previous = {
      scheduledTime: isoFromMs(placed.timeMs),
      phoneNumber: choice.phone,
      transferDestination: route.destination,
      step: step.id,
      stepIndex,
      fallback: step.fallback,
      explanation,
    };
    previousMs = placed.timeMs;
    calls.push(previous);
  });

  if (calls.length === 0) {
    const explanation = skipped.flatMap((s) => s.explanation);
    const last = explanation[explanation.length - 1];
    return fail(
      'no_allowed_time',
      last ? { id: last.rule, source: last.source } : PLAN_RULES.cadence,
      'no cadence step could be placed at an allowed time',
      explanation,
    );
  }
  return {
    ok: true,
    taskType: taskType.name,
    purpose: taskType.purpose,
    cadence: selection.cadence.id,
    calls,
    skipped,
    notes,
  };
}

/** Places steps one after another, adding each placed call to the attempts the caps count. */
class StepPlacer {
  constructor(
    private readonly cfg: CompiledConfig,
    private readonly taskType: CompiledTaskType,
    private readonly loanId: string | undefined,
    private readonly nowMs: number,
    private readonly home: PlausibleZones,
    private readonly states: readonly string[],
    private readonly localities: readonly string[],
    private readonly attempts: AttemptPoint[],
  ) {}

  place(
    step: CompiledStep,
    zones: PlausibleZones,
    previousMs: number,
  ): { timeMs: number | null; decisions: Decision[] } {
    const decisions: Decision[] = [];
    const target = this.target(step, previousMs);
    decisions.push(cadenceDecision(step, target));
    let candidate = ceilToMinute(Math.max(target, this.nowMs));
    if (!step.fallback) {
      const earliest = previousMs + this.cfg.effective.minGapMinutes * MINUTE;
      if (candidate < earliest) {
        decisions.push(
          moved(
            PLAN_RULES.minGap,
            candidate,
            earliest,
            `${this.cfg.effective.minGapMinutes} min after the previous call`,
          ),
        );
        candidate = earliest;
      }
    }
    for (const note of zones.notes)
      decisions.push({ rule: PLAN_RULES.zones.id, source: PLAN_RULES.zones.source, effect: 'note', message: note });
    const ctx = {
      zones: zones.clocks,
      states: this.states,
      localities: this.localities,
      purpose: this.taskType.purpose,
      loanId: this.loanId,
      attempts: this.attempts,
    };
    const result = searchAllowedTime(candidate, ctx, this.cfg.rules, this.cfg.effective.horizonDays);
    decisions.push(...result.decisions);
    if (result.timeMs !== null) {
      insertPoint(this.attempts, {
        atMs: result.timeMs,
        loanId: this.loanId,
        purpose: this.taskType.purpose,
        conversation: false,
        planned: true,
        channel: 'call',
      });
    }
    return { timeMs: result.timeMs, decisions };
  }

  /** Customer-local day N at the step's time, or enrollment time + N days; fallbacks follow the previous call. */
  private target(step: CompiledStep, previousMs: number): number {
    if (step.fallback) return previousMs + step.offsetMs;
    if (step.atMin === undefined) return this.nowMs + step.day * DAY + step.offsetMs;
    const clock = this.home.clocks[0];
    const day = dayNumber(clock.toLocal(this.nowMs)) + step.day;
    return clock.toUtc(day * DAY + step.atMin * MINUTE) + step.offsetMs;
  }
}

function cadenceDecision(step: CompiledStep, target: number): Decision {
  const when = step.fallback
    ? `${step.offsetMs / MINUTE} min after the previous call`
    : `day ${step.day}${step.atMin === undefined ? '' : ` at ${formatClockTime(step.atMin)} customer-local`}`;
  return {
    rule: PLAN_RULES.cadence.id,
    source: PLAN_RULES.cadence.source,
    effect: 'note',
    message: `step ${step.id} (${when}) targets ${isoFromMs(Math.max(target, 0))}`,
  };
}

function moved(rule: { id: string; source: string }, from: number, to: number, message: string): Decision {
  return { rule: rule.id, source: rule.source, effect: 'moved', message, from: isoFromMs(from), to: isoFromMs(to) };
}

function wrongNumberNote(phone: string, why: string): Decision {
  return {
    rule: WRONG_NUMBER_RULE.id,
    source: WRONG_NUMBER_RULE.source,
    effect: 'note',
    message: `${phone} not called: ${why}`,
  };
}

function fail(
  reason: PlanFailureReason,
  rule: { id?: string; rule?: string; source: string },
  message: string,
  explanation: Decision[] = [],
): PlanResult {
  const id = rule.rule ?? rule.id ?? 'unknown';
  return {
    ok: false,
    reason,
    rule: id,
    source: rule.source,
    message,
    explanation: explanation.length > 0 ? explanation : [{ rule: id, source: rule.source, effect: 'blocked', message }],
  };
}
