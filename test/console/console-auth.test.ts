import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/databases.js';
import { validCustomer } from '../support/customers.js';
import { consoleCall, consoleUser, signIn } from '../support/console.js';
import { useTestService } from '../support/suite.js';
import { tables } from '../support/tables.js';

describe.each(DIALECTS)('console sessions and the console credential on %s', { timeout: 60_000 }, (dialect) => {
  // The service's clock: moved forward by tests that wait out a sign-in delay, and by 1 ms at each
  // reading so records keep their order. Not the wall clock: a slow machine (scrypt under load) would
  // otherwise let a one-second sign-in delay pass between two requests and change what is refused.
  let offsetMs = 0;
  let readings = 0;
  const start = Date.now();
  const suite = useTestService(dialect, { now: () => new Date(start + offsetMs + readings++) });
  const url = () => suite.t.url;

  async function companyWithCustomer(customerId = 'cust-1') {
    const { companyId, apiKey } = await suite.t.company();
    expect((await suite.t.call('POST', '/customers', { key: apiKey, body: validCustomer(customerId) })).status).toBe(
      201,
    );
    return { companyId, apiKey };
  }

  it('signs in with an HttpOnly SameSite=Strict cookie scoped to /console, reads its own company, and signs out', async () => {
    const { companyId } = await companyWithCustomer();
    const user = await consoleUser(suite.database.db, companyId, 'viewer');
    const res = await signIn(url(), user.email.toUpperCase(), user.password);
    expect(res.status).toBe(200);
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^outreach_console=[\w-]{43}; Path=\/console; HttpOnly; SameSite=Strict; Max-Age=43200$/);
    expect(res.body).toMatchObject({ companyId, email: user.email, role: 'viewer' });
    const session = res.session!;
    expect((await consoleCall(url(), session, 'GET', '/customers/cust-1')).status).toBe(200);
    // The cookie alone is no API key: outside /console/api/ it authenticates nothing.
    expect((await fetch(`${url()}/customers/cust-1`, { headers: { Cookie: session.cookie } })).status).toBe(401);
    // Only a hash of the token is stored.
    const stored = await tables(suite.database.db).consoleSessions().where({ user_id: res.body.userId });
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(session.cookie.split('=')[1]);

    const out = await fetch(`${url()}/console/session`, {
      method: 'DELETE',
      headers: { Cookie: session.cookie, 'X-CSRF-Token': session.csrfToken },
    });
    expect(out.status).toBe(204);
    expect((await consoleCall(url(), session, 'GET', '/customers/cust-1')).status).toBe(401);
  });

  it("answers another company's customer as not found", async () => {
    await companyWithCustomer('cust-theirs');
    const { companyId } = await companyWithCustomer('cust-ours');
    const { session } = await signIn(
      url(),
      ...(Object.values(await consoleUser(suite.database.db, companyId, 'operator')) as [string, string]),
    );
    expect((await consoleCall(url(), session!, 'GET', '/customers/cust-ours')).status).toBe(200);
    expect((await consoleCall(url(), session!, 'GET', '/customers/cust-theirs')).status).toBe(404);
    expect(
      (await consoleCall(url(), session!, 'POST', '/customers/cust-theirs/cancel-communications', { body: {} })).status,
    ).toBe(404);
  });

  it('refuses a change without the CSRF token, and a viewer changing anything; records every attempt', async () => {
    const { companyId } = await companyWithCustomer();
    const operator = await signIn(
      url(),
      ...(Object.values(await consoleUser(suite.database.db, companyId, 'operator')) as [string, string]),
    );
    const viewer = await signIn(
      url(),
      ...(Object.values(await consoleUser(suite.database.db, companyId, 'viewer')) as [string, string]),
    );

    const noToken = await consoleCall(url(), operator.session!, 'POST', '/customers/cust-1/cancel-communications', {
      body: {},
      csrf: false,
    });
    expect(noToken.status).toBe(403);
    expect(noToken.body.message).toMatch(/CSRF/);
    const wrongToken = await consoleCall(
      url(),
      { ...operator.session!, csrfToken: viewer.session!.csrfToken },
      'POST',
      '/customers/cust-1/cancel-communications',
      { body: {} },
    );
    expect(wrongToken.status).toBe(403);
    const byViewer = await consoleCall(url(), viewer.session!, 'POST', '/customers/cust-1/cancel-communications', {
      body: {},
    });
    expect(byViewer.status).toBe(403);
    expect(byViewer.body.message).toMatch(/viewer/);
    expect((await consoleCall(url(), viewer.session!, 'GET', '/customers/cust-1')).status).toBe(200);

    const done = await consoleCall(url(), operator.session!, 'POST', '/customers/cust-1/cancel-communications', {
      body: { reason: 'Asked by phone' },
    });
    expect(done.status).toBe(200);

    const audit = await tables(suite.database.db)
      .consoleAudit()
      .where({ company_id: companyId })
      .orderBy('at')
      .orderBy('id');
    const rows = audit.map((r: any) => [r.email, r.action, r.target, r.status]);
    expect(rows).toEqual([
      [operator.body.email, 'sign-in', null, null],
      [viewer.body.email, 'sign-in', null, null],
      [operator.body.email, 'POST cancelCustomerCommunications', '/customers/cust-1/cancel-communications', 403],
      [operator.body.email, 'POST cancelCustomerCommunications', '/customers/cust-1/cancel-communications', 403],
      [viewer.body.email, 'POST cancelCustomerCommunications', '/customers/cust-1/cancel-communications', 403],
      [operator.body.email, 'POST cancelCustomerCommunications', '/customers/cust-1/cancel-communications', 200],
    ]);
    expect(audit.every((r: any) => r.user_id && r.at)).toBe(true);
  });

  it('slows sign-in down after ten wrong passwords, even with the right one; the count is kept in the database', async () => {
    const { companyId } = await companyWithCustomer();
    const user = await consoleUser(suite.database.db, companyId, 'operator');
    // Ten wrong passwords; a 429 (refused unchecked) is waited out on the service's clock and sent again.
    const waits: number[] = [];
    for (let refused = 0; refused < 10;) {
      const res = await signIn(url(), user.email, 'wrong password!');
      if (res.status === 429) {
        waits.push(Number(res.headers.get('retry-after')));
        offsetMs += waits[waits.length - 1] * 1000;
      } else {
        expect(res.status).toBe(401);
        refused++;
      }
    }
    // Five free failures, then 2^(n-5) s after the n-th.
    expect(waits).toEqual([1, 2, 4, 8, 16]);
    const blocked = await signIn(url(), user.email, user.password);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThanOrEqual(31);
    const row = await tables(suite.database.db)
      .consoleSignInFailures()
      .where({ subject: `email:${user.email}` })
      .first();
    expect(Number(row!.failures)).toBe(10);
    offsetMs += 32_000;
    expect((await signIn(url(), user.email, user.password)).status).toBe(200);
    expect(
      await tables(suite.database.db)
        .consoleSignInFailures()
        .where({ subject: `email:${user.email}` }),
    ).toHaveLength(0);
  });

  it('slows sign-in down from one client address after twenty wrong passwords, whatever the emails', async () => {
    const { companyId } = await companyWithCustomer();
    const user = await consoleUser(suite.database.db, companyId, 'operator');
    await tables(suite.database.db).consoleSignInFailures().where('subject', 'like', 'ip:%').del(); // earlier tests' failures came from here too
    // Each guess at another (unknown) email: no email reaches its own limit.
    for (let i = 0; i < 20; i++)
      expect((await signIn(url(), `guess-${i}-${Math.random()}@example.com`, 'wrong password!')).status).toBe(401);
    const blocked = await signIn(url(), user.email, user.password);
    expect(blocked.status).toBe(429);
    const ip = await tables(suite.database.db).consoleSignInFailures().where('subject', 'like', 'ip:%').first();
    expect(ip).toMatchObject({ failures: 20 });
    await tables(suite.database.db).consoleSignInFailures().where({ subject: ip!.subject }).del(); // the other tests sign in from here too
  });

  it('ends a session after 30 idle minutes, and 12 hours after sign-in however active', async () => {
    const { companyId } = await companyWithCustomer();
    const user = await consoleUser(suite.database.db, companyId, 'viewer');
    const idle = (await signIn(url(), user.email, user.password)).session!;
    const active = (await signIn(url(), user.email, user.password)).session!;
    for (let minutes = 0; minutes < 12 * 60; minutes += 20) {
      offsetMs += 20 * 60_000;
      const status = (await consoleCall(url(), active, 'GET', '/customers/cust-1')).status;
      // Within 12 hours of sign-in an active session lives on; at 12 hours it ends.
      expect(status, `after ${minutes + 20} minutes`).toBe(minutes + 20 < 12 * 60 ? 200 : 401);
      if (minutes === 0) expect((await consoleCall(url(), idle, 'GET', '/customers/cust-1')).status).toBe(200);
      if (minutes === 40) expect((await consoleCall(url(), idle, 'GET', '/customers/cust-1')).status).toBe(401); // 40 idle minutes
    }
  });

  it('signs out everywhere: every session of the user ends', async () => {
    const { companyId } = await companyWithCustomer();
    const user = await consoleUser(suite.database.db, companyId, 'viewer');
    const first = (await signIn(url(), user.email, user.password)).session!;
    const second = (await signIn(url(), user.email, user.password)).session!;
    const refused = await fetch(`${url()}/console/session/everywhere`, {
      method: 'DELETE',
      headers: { Cookie: first.cookie },
    });
    expect(refused.status).toBe(403);
    const res = await fetch(`${url()}/console/session/everywhere`, {
      method: 'DELETE',
      headers: { Cookie: first.cookie, 'X-CSRF-Token': first.csrfToken },
    });
    expect(res.status).toBe(204);
    expect((await consoleCall(url(), first, 'GET', '/customers/cust-1')).status).toBe(401);
    expect((await consoleCall(url(), second, 'GET', '/customers/cust-1')).status).toBe(401);
  });
});

describe('the console cookie behind TLS', () => {
  const suite = useTestService('sqlite', { env: { PUBLIC_BASE_URL: 'https://console.lender.example' } });

  it('is Secure when the public address is https', async () => {
    const { companyId } = await suite.t.company();
    const user = await consoleUser(suite.database.db, companyId, 'viewer');
    const res = await signIn(suite.t.url, user.email, user.password);
    expect(res.headers.get('set-cookie')).toMatch(/; HttpOnly; SameSite=Strict; Max-Age=43200; Secure$/);
  });
});
