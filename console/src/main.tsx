import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { handled, signOut, whoAmI, type Me } from './api.js';
import { Batches } from './batches.js';
import { Customer } from './customer.js';
import { ProviderAlertBanner } from './provider-alert.js';
import { Reviews } from './reviews.js';
import { Results } from './results.js';
import { Setup } from './setup.js';
import { SignIn } from './sign-in.js';
import { Today } from './today.js';
import { Webhooks } from './webhooks.js';

function useHash(): string {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const on = () => setHash(location.hash);
    addEventListener('hashchange', on);
    return () => removeEventListener('hashchange', on);
  }, []);
  return hash;
}

function App() {
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  const hash = useHash();
  const [search, setSearch] = useState('');
  useEffect(() => void whoAmI().then(setMe), []);
  if (me === undefined) return <p>Loading…</p>;
  if (me === null) return <SignIn onSignedIn={setMe} />;
  // A sign-out that fails leaves the page as it is; the reason goes to the browser's console.
  const out = handled(
    (everywhere: boolean) => signOut(everywhere).then(() => setMe(null)),
    (reason) => console.error(`sign-out failed: ${reason}`),
  );
  const customer = /^#\/customers\/(.+)$/.exec(hash);
  const batches = /^#\/batches(?:\/(.+))?$/.exec(hash);
  return (
    <>
      <header>
        <nav aria-label="Console">
          <ul>
            <li>
              <strong>Outreach</strong>
            </li>
            <li>
              <a href="#/today">Today</a>
            </li>
            <li>
              <a href="#/results">Results</a>
            </li>
            <li>
              <a href="#/batches">Batches</a>
            </li>
            <li>
              <a href="#/webhooks">Webhooks</a>
            </li>
            <li>
              <a href="#/reviews">Replies in review</a>
            </li>
            <li>
              <a href="#/setup">Setup</a>
            </li>
          </ul>
          <ul>
            <li>
              <form
                class="find"
                role="search"
                onSubmit={(e) => {
                  e.preventDefault();
                  location.hash = `#/customers/${encodeURIComponent(search.trim())}`;
                }}
              >
                <input
                  name="customer"
                  aria-label="Customer id"
                  placeholder="Customer id"
                  value={search}
                  onInput={(e) => setSearch(e.currentTarget.value)}
                />
                <button type="submit">Open</button>
              </form>
            </li>
            <li class="me">
              {me.email} ({me.role})
            </li>
            <li>
              <button type="button" class="secondary" onClick={() => out(false)}>
                Sign out
              </button>
            </li>
            <li>
              <button type="button" class="secondary" onClick={() => out(true)}>
                Sign out everywhere
              </button>
            </li>
          </ul>
        </nav>
      </header>
      <ProviderAlertBanner />
      <main>
        {customer ? (
          <Customer key={customer[1]} id={decodeURIComponent(customer[1])} me={me} />
        ) : batches ? (
          <Batches open={batches[1]} />
        ) : hash === '#/webhooks' ? (
          <Webhooks me={me} />
        ) : hash === '#/reviews' ? (
          <Reviews me={me} />
        ) : hash === '#/results' ? (
          <Results />
        ) : hash === '#/setup' ? (
          <Setup />
        ) : (
          <Today />
        )}
      </main>
    </>
  );
}

render(<App />, document.getElementById('app')!);
