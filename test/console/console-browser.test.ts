import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium as playwright, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCallStack, type CallStack } from '../support/calls.js';
import { consoleUser } from '../support/console.js';
import { eventually } from '../support/eventually.js';
import { addWebhookEndpoint } from '../../src/domain/webhooks/endpoints.js';
import { validCustomer } from '../support/customers.js';
import { DIALECTS } from '../support/databases.js';
import { useTestService, useTestDatabase } from '../support/suite.js';
import { enrollBody, newKey } from '../support/enrollment.js';
import { browserRequired, findChromium } from '../support/browser.js';
import { tables } from '../support/tables.js';

const chromium = findChromium();
const required = browserRequired;
/** Tuesday 2026-12-08, 09:59:30 in New York: a customer enrolled in the next half minute is called at 10:00 (else 10:01). */
const CLOCK = '2026-12-08T14:59:30Z';
const CUSTOMER = 'cust-console-0100';

describe.runIf(chromium || required).each(DIALECTS)(
  'the console in headless chromium on %s',
  { timeout: 240_000 },
  (dialect) => {
    const database = useTestDatabase(dialect);
    let stack: CallStack;
    let context: BrowserContext;
    let page: Page;
    let profile: string;
    let key: string;
    let companyId: string;
    const shots = process.env.CONSOLE_SCREENSHOTS ?? fs.mkdtempSync(path.join(os.tmpdir(), 'console-screenshots-'));

    beforeAll(async () => {
      expect(chromium, 'chromium is required (OUTREACH_REQUIRE_BROWSER=1): apt-get install -y chromium').not.toBeNull();
      execFileSync(process.execPath, ['scripts/build-console.mjs']); // what `npm run build` does; nothing when current
      stack = await startCallStack(database.db, CLOCK);
      ({ apiKey: key, companyId } = await stack.t.company());
      // Nothing listens on port 9: the company's deliveries fail and wait to be retried.
      await addWebhookEndpoint(database.db, companyId, 'http://127.0.0.1:9/hooks', new Date());
      profile = fs.mkdtempSync(path.join(os.tmpdir(), 'outreach-chromium-'));
      context = await playwright.launchPersistentContext(profile, {
        executablePath: chromium!,
        headless: true,
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--autoplay-policy=no-user-gesture-required',
        ],
        viewport: { width: 1100, height: 900 },
      });
      page = context.pages()[0] ?? (await context.newPage());
      page.on('dialog', (d) => void d.accept());
    }, 120_000);
    afterAll(async () => {
      await context?.close();
      if (profile) fs.rmSync(profile, { recursive: true, force: true });
      await stack?.t.stop();
      await stack?.sandbox.close();
      await stack?.live.close();
    });

    /** axe-core on the page as it stands: no serious or critical violation (WCAG 2.1 A/AA and best practices). */
    async function expectAccessible(name: string) {
      const results = await new AxeBuilder({ page }).analyze();
      const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        blocking.map((v) => `${name}: ${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);
    }

    async function signInAs(email: string, password: string) {
      await page.goto(`${stack.t.url}/console/`);
      await page.waitForSelector('input[name=email]');
      await expectAccessible('sign-in');
      await page.fill('input[name=email]', email);
      await page.fill('input[name=password]', password);
      await page.click('button[type=submit]');
      await page.waitForSelector('text=Sign out everywhere');
    }

    it('signs in, watches a placed call appear on Today and the timeline, plays its recording, stops communications, marks Do Not Call', async () => {
      const operator = await consoleUser(database.db, companyId, 'operator');
      await signInAs(operator.email, operator.password);
      await page.waitForSelector('[data-figure=placed]');
      expect(await page.textContent('[data-figure=placed]')).toBe('0');

      const enrolled = await stack.t.call('POST', '/customers/schedule/sync', {
        key,
        headers: { 'Idempotency-Key': newKey() },
        body: enrollBody({ id: CUSTOMER, loanId: 'loan-console', phoneNumber: '(212) 555-0100', isTest: true }),
      });
      expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);

      // The simulator places the call at 10:00 on the sandbox clock; Today refreshes by itself.
      await page.waitForFunction(() => document.querySelector('[data-figure=placed]')?.textContent === '1', undefined, {
        timeout: 150_000,
      });
      await page.waitForSelector('[data-hour="10"] rect.bar-transferred');
      await expectAccessible('today');
      const today = path.join(shots, `console-today-${dialect}.png`);
      await page.screenshot({ path: today, fullPage: true });

      // The borrower revoked consent to texts (recorded by the lender through the API): the page shows it.
      const revoked = await stack.t.call('PUT', `/customers/${CUSTOMER}/consents`, {
        key,
        body: {
          events: [
            { action: 'revoke', address: '+12125550100', channel: 'sms', source: 'api', evidenceRef: 'ticket-1' },
          ],
        },
      });
      expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
      await page.goto(`${stack.t.url}/console/#/customers/${CUSTOMER}`);
      await page.waitForSelector('li.call .flag:text("SUCCESSFUL_TRANSFER")', { timeout: 60_000 });
      expect(await page.textContent('[data-consent="sms:+12125550100"]')).toContain('revoked');
      expect(await page.textContent('[data-consent="call:+12125550100"]')).toContain('revoked'); // a revocation stops calls too (revocationScope all-channels)
      await page.waitForSelector('li.call audio');
      const duration = await page.evaluate(async () => {
        const audio = document.querySelector('li.call audio') as HTMLAudioElement;
        await audio.play();
        return audio.duration;
      });
      expect(duration).toBeGreaterThan(0);
      await expectAccessible('customer');
      const timeline = path.join(shots, `console-customer-${dialect}.png`);
      await page.screenshot({ path: timeline, fullPage: true });
      console.log(`console screenshots: ${today} ${timeline}`);

      await page.click('text=Stop all communications');
      await page.waitForSelector('[role=status]:text("Stopped:")');
      const pending = await tables(database.db)
        .scheduledCalls()
        .where({ company_id: companyId, customer_id: CUSTOMER, status: 'pending' });
      expect(pending).toEqual([]);
      await page.click('text=Mark Do Not Call');
      await page.waitForSelector('[role=status]:text("Marked Do Not Call")');
      await page.waitForSelector('strong.flag:text("Do Not Call")');
      expect(
        Boolean(
          (await tables(database.db).customers().where({ company_id: companyId, id: CUSTOMER }).first())!.do_not_call,
        ),
      ).toBe(true);
      const audit = await tables(database.db)
        .consoleAudit()
        .where({ company_id: companyId })
        .whereNot({ action: 'sign-in' })
        .orderBy('at');
      expect(audit.map((a: any) => [a.email, a.action, a.status])).toEqual([
        [operator.email, 'POST cancelCustomerCommunications', 200],
        [operator.email, 'PUT updateCustomer', 200],
      ]);
    });

    it('shows batch jobs with their progress and failures by row', async () => {
      const rows = [validCustomer('batch-ok'), validCustomer('batch-bad', { timezone: 'Mars/Olympus' })];
      const job = await stack.t.call('POST', '/customers/batch', { key, body: { customers: rows } });
      expect(job.status).toBe(202);
      await page.goto(`${stack.t.url}/console/#/batches/${job.body.jobId}`);
      await page.waitForSelector(`tr[data-job="${job.body.jobId}"] >> text=completed`, { timeout: 60_000 });
      await page.waitForSelector('tr[data-row="1"] >> text=batch-bad');
      expect(await page.locator('tr[data-row]').count()).toBe(1);
      await expectAccessible('batches');
    });

    it('shows the webhook delivery log and sends a dead delivery again', async () => {
      const dead = await eventually(
        () => tables(database.db).webhookDeliveries().where({ company_id: companyId }).first(),
        20_000,
        'a webhook delivery',
      );
      await tables(database.db).webhookDeliveries().where({ id: dead.id }).update({ status: 'dead' });
      await page.goto(`${stack.t.url}/console/#/webhooks`);
      await page.selectOption('select[name=status]', 'dead');
      // Only the dead one is listed once the filter applies.
      await page.waitForFunction((id) => {
        const rows = document.querySelectorAll('tr[data-delivery]');
        return rows.length === 1 && rows[0].getAttribute('data-delivery') === id;
      }, dead.id);
      const row = page.locator(`tr[data-delivery="${dead.id}"]`);
      await row.locator('text=Redeliver').click();
      await page.waitForSelector('[role=status]:text("queued again")');
      await expectAccessible('webhooks');
      expect((await tables(database.db).webhookDeliveries().where({ id: dead.id }).first())!.status).toBe('pending');
    });

    it('lists the replies waiting in review with their limit, and an operator decides one', async () => {
      const id = randomUUID();
      await tables(database.db).inboundReviews().insert({
        id,
        company_id: companyId,
        address: '+12125550100',
        body: 'Cancel my payment, I already paid',
        rule: 'stop-word',
        provider_message_id: null,
        status: 'review',
        received_at: '2026-12-07T15:00:00.000Z',
        warn_at: '2026-12-17T15:00:00.000Z',
        due_at: '2026-12-21T15:00:00.000Z',
      });
      await page.goto(`${stack.t.url}/console/#/reviews`);
      const row = page.locator(`tr[data-inbound="${id}"]`);
      await row.locator('text=Cancel my payment, I already paid').waitFor();
      await row.locator('input[name=note]').fill('About a payment, not the texts');
      await row.locator('text=Not a revocation').click();
      await page.waitForSelector('[role=status]:text("consent stands")');
      const decided = (await tables(database.db).inboundReviews().where({ id }).first())!;
      expect(decided).toMatchObject({ status: 'kept', decision_note: 'About a payment, not the texts' });
      expect(decided.decided_by).toMatch(/@/);
      await page.waitForSelector('text=No replies waiting.');
      await expectAccessible('replies in review');
    });

    it('shows the collections results with charts and a CSV of the same figures', async () => {
      await page.goto(`${stack.t.url}/console/#/results`);
      await page.waitForSelector('.results table caption');
      // The sandbox clock's December: the call placed on 12-08 counts.
      await page.fill('input[name=from]', '2026-12-01');
      await page.fill('input[name=to]', '2026-12-31');
      await page.selectOption('select[name=groupBy]', 'taskType');
      await page.waitForSelector('tr[data-group="PendingLoanNewLead"]');
      expect(await page.locator('svg[aria-label^="Funnel: Attempts 1,"]').count()).toBe(1);
      // The 555-0100 call was transferred: its destination's bridged transfer, from the transfer record.
      expect(
        await page.locator('table.transfers-by-destination tbody tr[data-destination] td').nth(1).textContent(),
      ).toBe('1');
      await expectAccessible('results');
      const results = path.join(shots, `console-results-${dialect}.png`);
      await page.screenshot({ path: results, fullPage: true });
      console.log(`console screenshot: ${results}`);
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-csv]')]);
      const csv = fs.readFileSync(await download.path(), 'utf8').split('\r\n');
      expect(csv[0]).toBe(
        'group,attempts,connects,right_party_contacts,transfers,promises,promised_amount,kept,kept_amount,partially_kept,partially_kept_amount,broken,broken_amount,open,collected,links_sent,links_opened',
      );
      expect(csv[1]).toMatch(/^PendingLoanNewLead,1,1,1,1,0,0\.00,/);
      expect(csv[2]).toMatch(/^total,1,1,1,1,/);
    });

    it('a payment link that is not valid is a readable page (no redirect)', async () => {
      const res = await page.goto(`${stack.t.url}/pay/not-a-token`);
      expect(res?.status()).toBe(404);
      expect(page.url()).toBe(`${stack.t.url}/pay/not-a-token`);
      expect(await page.textContent('h1')).toBe('This payment link is not valid');
      await expectAccessible('payment link page');
      await page.goto(`${stack.t.url}/console/#/today`); // back to the console for the next test
      await page.waitForSelector('text=Sign out everywhere');
    });

    it("shows the day's transfers by destination on Today, and the go-live checklist with its fixes on Setup", async () => {
      // The 555-0100 call of the first test was transferred: its destination shows one bridged transfer.
      await page.goto(`${stack.t.url}/console/#/today`);
      await page.waitForSelector('table.transfers tbody tr', { timeout: 30_000 });
      expect(await page.locator('table.transfers tbody tr td').nth(2).textContent()).toBe('1');
      await page.goto(`${stack.t.url}/console/#/setup`);
      // The same checks as `outreach doctor`, each with what was found (and a fix for a failure).
      await page.waitForSelector('[data-check="voice.agents"]', { timeout: 30_000 });
      expect(await page.locator('tr[data-check]').count()).toBeGreaterThan(3);
      await expectAccessible('setup');
      await page.screenshot({ path: path.join(shots, `console-setup-${dialect}.png`), fullPage: true });
    });

    it("another company's user cannot open the customer (not found)", async () => {
      await page.click('text=Sign out');
      await page.waitForSelector('input[name=email]');
      const other = await stack.t.company('Other Lending');
      const stranger = await consoleUser(database.db, other.companyId, 'operator');
      await signInAs(stranger.email, stranger.password);
      await page.goto(`${stack.t.url}/console/#/customers/${CUSTOMER}`);
      await page.waitForSelector('[role=alert]:text("Not found")');
      expect(await page.locator('li.call').count()).toBe(0);
    });
  },
);

describe('GET /console', () => {
  const suite = useTestService('sqlite');
  beforeAll(() => void execFileSync(process.execPath, ['scripts/build-console.mjs']));

  it('serves the built page and its bundle from this server only (no CDN), under a strict CSP', async () => {
    const redirect = await fetch(`${suite.t.url}/console`, { redirect: 'manual' });
    expect([redirect.status, redirect.headers.get('location')]).toEqual([302, '/console/']);
    const page = await suite.t.call('GET', '/console/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    const urls = [...String(page.body).matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(urls.sort()).toEqual(['app.css', 'app.js']);
    const bundle = await fetch(`${suite.t.url}/console/app.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toMatch(/javascript/);
    expect(await bundle.text()).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    expect((await suite.t.call('GET', '/console/nope.js')).status).toBe(404);
  });
});
