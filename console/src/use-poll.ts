import { useEffect, useState } from 'preact/hooks';

/** Loads now and again every `everyMs` while the page is open, so new calls appear by themselves. */
export function usePoll<T>(load: () => Promise<T>, deps: unknown[], everyMs = 3000): { data?: T; error?: string } {
  const [state, setState] = useState<{ data?: T; error?: string }>({});
  useEffect(() => {
    let live = true;
    const run = () => {
      load().then(
        (data) => live && setState({ data }),
        (e: Error) => live && setState((s) => ({ ...s, error: e.message })),
      );
    };
    run();
    const timer = setInterval(run, everyMs);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, deps);
  return state;
}

/** The data of an openapi-fetch answer, or an error naming the status. */
export function dataOf<T>(res: { data?: T; error?: unknown; response: Response }): T {
  if (res.data === undefined) {
    const message = (res.error as { message?: string } | undefined)?.message;
    throw new Error(
      res.response.status === 404 ? 'Not found' : `${res.response.status}: ${message ?? 'request failed'}`,
    );
  }
  return res.data;
}
