/**
 * Encrypts secrets kept in company configuration (LMS tokens, provider credentials). `context`
 * binds a sealed value to where it belongs (company and field): a sealed value copied to another
 * company or field does not open.
 */
export interface SecretBox {
  /** A printable envelope (`enc:v1:…`) of `plain`. */
  seal(plain: string, context: string): string;
  /** The plain text of an envelope; throws SecretUnreadableError when the key or context does not match. */
  open(sealed: string, context: string): string;
}

/** The key is missing, or is not the key the value was sealed with. */
export class SecretUnreadableError extends Error {}

export const isSealed = (value: unknown): value is string => typeof value === 'string' && value.startsWith('enc:v1:');
