import type { RetellCall } from '../../adapters/voice/protocol.js';

/**
 * `POST /v3/list-calls` as Retell documents it (https://docs.retellai.com/api-references/list-calls):
 * `filter_criteria` (the filters the service uses: `metadata` string filters by key, `to_number`,
 * `call_status`, `start_timestamp` ranges), `sort_order` (default descending by start time),
 * `limit` (default 50, at most 1000) and `pagination_key` (the last call id of the previous page) →
 * `{items, has_more, pagination_key?}`. Listed calls omit their transcripts, as Retell's do.
 * Returns null with a message for a request Retell would refuse.
 */
export function listCalls(
  all: readonly RetellCall[],
  body: unknown,
  createdAt: (c: RetellCall) => number,
): { ok: true; page: unknown } | { ok: false; message: string } {
  const req = (body ?? {}) as {
    filter_criteria?: Record<string, unknown>;
    sort_order?: unknown;
    limit?: unknown;
    pagination_key?: unknown;
  };
  const limit = req.limit === undefined ? 50 : Number(req.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
    return { ok: false, message: 'limit must be an integer from 1 to 1000' };
  if (req.sort_order !== undefined && req.sort_order !== 'ascending' && req.sort_order !== 'descending')
    return { ok: false, message: 'sort_order must be ascending or descending' };
  const tests: Array<(c: RetellCall) => boolean> = [];
  for (const [name, filter] of Object.entries(req.filter_criteria ?? {})) {
    const test = filterOf(name, filter);
    if (typeof test === 'string') return { ok: false, message: test };
    tests.push(test);
  }
  const time = (c: RetellCall) => c.start_timestamp ?? createdAt(c);
  const sign = req.sort_order === 'ascending' ? 1 : -1;
  const matching = all
    .filter((c) => tests.every((t) => t(c)))
    .sort((a, b) => sign * (time(a) - time(b)) || a.call_id.localeCompare(b.call_id));
  let start = 0;
  if (req.pagination_key !== undefined) {
    const at = matching.findIndex((c) => c.call_id === req.pagination_key);
    if (at < 0) return { ok: false, message: 'pagination_key is not a call of this listing' };
    start = at + 1;
  }
  const items = matching.slice(start, start + limit);
  const hasMore = start + limit < matching.length;
  return {
    ok: true,
    page: {
      items: items.map(listed),
      has_more: hasMore,
      ...(hasMore ? { pagination_key: items.at(-1)!.call_id } : {}),
    },
  };
}

function listed(call: RetellCall): RetellCall {
  const { transcript: _t, transcript_object: _o, transcript_with_tool_calls: _w, ...rest } = call;
  return rest;
}

type Filter = { type?: unknown; op?: unknown; value?: unknown; key?: unknown };

function filterOf(name: string, raw: unknown): ((c: RetellCall) => boolean) | string {
  if (name === 'metadata') {
    if (!Array.isArray(raw)) return 'filter_criteria.metadata must be an array of filters';
    const parts = raw.map((f: Filter) => {
      if (f?.type !== 'string' || f.op !== 'eq' || typeof f.key !== 'string' || typeof f.value !== 'string')
        return null;
      return (c: RetellCall) => (c.metadata as Record<string, unknown> | undefined)?.[f.key as string] === f.value;
    });
    if (parts.some((p) => p === null))
      return 'filter_criteria.metadata: this simulator supports string filters with op eq and a key';
    return (c) => parts.every((p) => p!(c));
  }
  const f = raw as Filter;
  if (name === 'to_number' || name === 'from_number') {
    if (f?.type !== 'string' || f.op !== 'eq' || typeof f.value !== 'string')
      return `filter_criteria.${name} must be {type: string, op: eq, value}`;
    return (c) => c[name] === f.value;
  }
  if (name === 'call_status') {
    if (f?.type !== 'enum' || f.op !== 'in' || !Array.isArray(f.value))
      return 'filter_criteria.call_status must be {type: enum, op: in, value: [...]}';
    return (c) => (f.value as string[]).includes(c.call_status);
  }
  if (name === 'start_timestamp') {
    const v = f?.value;
    if (f?.type !== 'range' || f.op !== 'bt' || !Array.isArray(v) || v.length !== 2)
      return 'filter_criteria.start_timestamp: this simulator supports {type: range, op: bt, value: [from, to]}';
    return (c) => c.start_timestamp !== undefined && c.start_timestamp >= v[0] && c.start_timestamp <= v[1];
  }
  return `filter_criteria.${name} is not supported by the simulator`;
}
