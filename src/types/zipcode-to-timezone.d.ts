declare module 'zipcode-to-timezone' {
  /** IANA zone for a US ZIP code, or null when the ZIP is unknown. */
  export function lookup(zip: string): string | null;
}
