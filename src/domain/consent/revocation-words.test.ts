import { describe, expect, it } from 'vitest';
import { readRevocation, REVOCATION_KEYWORDS, type RevocationReading } from './revocation-words.js';

/**
 * 47 CFR 64.1200(a)(10); FCC 24-24: consent may be revoked by any reasonable means. A labelled
 * English and Spanish set: clear revocations apply at once, unsure ones go to review, and replies
 * that only use a stop word in another sense are not revocations.
 */
const LABELLED: Array<[string, RevocationReading]> = [
  // Twilio's default keywords and the OPT OUT variants, any case and punctuation
  ['STOP', 'revoke'],
  ['stop.', 'revoke'],
  ['Stopall', 'revoke'],
  ['STOP ALL', 'revoke'],
  ['unsubscribe', 'revoke'],
  ['Cancel', 'revoke'],
  ['END', 'revoke'],
  ['quit', 'revoke'],
  ['REVOKE', 'revoke'],
  ['OPTOUT', 'revoke'],
  ['OPT OUT', 'revoke'],
  ['opt-out', 'revoke'],
  ['Opt out.', 'revoke'],
  ['remove', 'revoke'],
  // Spanish keywords
  ['ALTO', 'revoke'],
  ['¡Alto!', 'revoke'],
  ['parar', 'revoke'],
  ['BAJA', 'revoke'],
  ['No más', 'revoke'],
  ['cancelar', 'revoke'],
  // clear revocations in the borrower's words (English)
  ['please stop calling me', 'revoke'],
  ['Stop texting me!!', 'revoke'],
  ['stop the calls', 'revoke'],
  ['no more texts', 'revoke'],
  ['No more calls please', 'revoke'],
  ["don't call me again", 'revoke'],
  ['Do not text this number', 'revoke'],
  ['never call me', 'revoke'],
  ['take me off your list', 'revoke'],
  ['remove my number from your list', 'revoke'],
  ['leave me alone', 'revoke'],
  ['I want to opt out', 'revoke'],
  ['unsubscribe me from this', 'revoke'],
  ['I revoke my consent', 'revoke'],
  ['Stop please', 'revoke'],
  ['please STOP', 'revoke'],
  // clear revocations (Spanish)
  ['deja de llamarme', 'revoke'],
  ['Dejen de mandarme mensajes', 'revoke'],
  ['no me llamen', 'revoke'],
  ['No me vuelvan a llamar', 'revoke'],
  ['no quiero recibir más mensajes', 'revoke'],
  ['no más llamadas', 'revoke'],
  ['Dame de baja', 'revoke'],
  ['alto por favor', 'revoke'],
  // unsure: an operator reviews
  ['stop it', 'review'],
  ['why do you keep calling, stop', 'review'],
  ['cancel my payment', 'review'],
  ['this is harassment', 'review'],
  ['wrong number', 'review'],
  ['Basta ya', 'review'],
  ['número equivocado', 'review'],
  // negatives: not revocations
  ['can you stop by the branch?', 'none'],
  ['I will stop by tomorrow', 'none'],
  ['Call me at 5pm', 'none'],
  ['yes, I can pay at the end of the month', 'none'],
  ['Thanks, got it', 'none'],
  ['When is my payment due?', 'none'],
  ['No, me llamo Juan', 'none'],
  ['Gracias, llámame mañana', 'none'],
  ['para pagar mi préstamo', 'none'],
  ['Sí, quiero más información', 'none'],
];

describe('revocation in any words (47 CFR 64.1200(a)(10); FCC 24-24)', () => {
  it.each(LABELLED)('%j → %s', (text, expected) => {
    expect(readRevocation(text).reading).toBe(expected);
  });

  it('every maintained keyword revokes as a whole message, and the set keeps Twilio’s defaults', () => {
    for (const k of REVOCATION_KEYWORDS)
      expect(readRevocation(k.toLowerCase())).toEqual({ reading: 'revoke', rule: 'keyword' });
    expect(REVOCATION_KEYWORDS).toEqual(
      expect.arrayContaining([
        'STOP',
        'UNSUBSCRIBE',
        'END',
        'QUIT',
        'STOPALL',
        'REVOKE',
        'OPTOUT',
        'CANCEL',
        'OPT OUT',
        'ALTO',
      ]),
    );
  });
});
