/**
 * Polls `check` until it returns a value (anything but undefined, null or false) and returns it.
 * Fails after `withinMs`, naming what never came true, so no poll outlives its test and a test
 * timeout never hides which condition it was waiting for.
 */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  withinMs = 20_000,
  what?: string,
): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() >= deadline)
      throw new Error(
        `timed out after ${withinMs} ms waiting for ${what ?? check.toString().replace(/\s+/g, ' ').slice(0, 300)}`,
      );
    await new Promise((r) => setTimeout(r, 25));
  }
}
