import type { CompiledStep } from './compile-config.js';
import type { PhoneBook } from './phones.js';
import type { Decision } from './types.js';

export const ROTATION_RULE = {
  id: 'phone-rotation',
  source: "Company policy: rotate across the customer's usable numbers",
} as const;

export const WRONG_NUMBER_RULE = {
  id: 'wrong-number',
  source:
    'Company policy: a wrong number is never called again (TCPA 47 CFR 64.1200(a)(1) consent belongs to the subscriber)',
} as const;

export interface PhoneChoiceResult {
  phone: string | undefined;
  /** Rotation position for the next rotating step. */
  nextRotation: number;
  decision: Decision;
}

const selected = (message: string): Decision => ({
  rule: ROTATION_RULE.id,
  source: ROTATION_RULE.source,
  effect: 'selected',
  message,
});

/**
 * The number a step dials. A fallback step must reach a different number than the call it
 * backs up, otherwise it is skipped.
 */
export function choosePhone(
  step: CompiledStep,
  book: PhoneBook,
  rotation: number,
  previousPhone: string | undefined,
): PhoneChoiceResult {
  const usable = book.usable;
  // Named inline checks rather than a closure: this runs for every planned call.
  const fallbackFor = step.fallback ? previousPhone : undefined;
  if (step.phone === 'mobile') {
    const mobile = book.mobile !== undefined && !book.unusable.has(book.mobile) ? book.mobile : undefined;
    if (isDistinct(mobile, fallbackFor))
      return { phone: mobile, nextRotation: rotation, decision: selected(`mobilePhone ${mobile}`) };
    return {
      phone: undefined,
      nextRotation: rotation,
      decision: { ...selected('no usable mobilePhone distinct from the previous call'), effect: 'skipped' },
    };
  }
  if (step.phone === 'primary') {
    const primary = book.primary !== undefined && !book.unusable.has(book.primary) ? book.primary : undefined;
    if (isDistinct(primary, fallbackFor))
      return { phone: primary, nextRotation: rotation, decision: selected(`phoneNumber ${primary}`) };
    const alternative = usable.find((phone) => phone !== fallbackFor);
    if (alternative) {
      const why = primary === undefined ? 'phoneNumber missing or unusable' : 'phoneNumber used by the previous call';
      return { phone: alternative, nextRotation: rotation, decision: selected(`${why}; using ${alternative}`) };
    }
    return {
      phone: undefined,
      nextRotation: rotation,
      decision: { ...selected('no usable number'), effect: 'skipped' },
    };
  }
  for (let k = 0; k < usable.length; k++) {
    const phone = usable[(rotation + k) % usable.length];
    if (phone === fallbackFor) continue;
    const position = ((rotation + k) % usable.length) + 1;
    return {
      phone,
      nextRotation: rotation + k + 1,
      decision: selected(`rotation: number ${position} of ${usable.length} (${phone})`),
    };
  }
  return {
    phone: undefined,
    nextRotation: rotation,
    decision: { ...selected('no usable number for rotation'), effect: 'skipped' },
  };
}

/** A number a step may dial: present, and not the one a fallback step backs up. */
function isDistinct(phone: string | undefined, backedUp: string | undefined): phone is string {
  return phone !== undefined && phone !== backedUp;
}
