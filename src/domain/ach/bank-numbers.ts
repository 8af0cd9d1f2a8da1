/** ABA routing number: 9 digits whose weighted sum (3, 7, 1 repeating) is a multiple of 10. */
export function isValidRoutingNumber(value: string): boolean {
  if (!/^[0-9]{9}$/.test(value)) return false;
  const d = [...value].map(Number);
  const sum = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8]);
  return sum % 10 === 0;
}

/** DFI account numbers as this service stores them: 4 to 17 digits (the NACHA field is 17 positions). */
export function isValidAccountNumber(value: string): boolean {
  return /^[0-9]{4,17}$/.test(value);
}

export function lastFour(value: string): string {
  return value.slice(-4);
}
