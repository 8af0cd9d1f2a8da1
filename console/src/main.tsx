import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { handled, signOut, whoAmI, type Me } from './api.js';
import { Batches } from './batches.js';
import { Customer } from './customer.js';
import { ProviderAlertBanner } from './provider-alert.js';
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
    <div>
      <header>
        <nav>
          <a href="#/today">Today</a> <a href="#/batches">Batches</a> <a href="#/webhooks">Webhooks</a>{' '}
          <a href="#/setup">Setup</a>
        </nav>
        <form
          class="find"
          onSubmit={(e) => {
            e.preventDefault();
            location.hash = `#/customers/${encodeURIComponent(search.trim())}`;
          }}
        >
          <input
            name="customer"
            placeholder="Customer id"
            value={search}
            onInput={(e) => setSearch(e.currentTarget.value)}
          />
          <button type="submit">Open</button>
        </form>
        <span class="me">
          {me.email} ({me.role})
        </span>
        <button type="button" onClick={() => out(false)}>
          Sign out
        </button>
        <button type="button" onClick={() => out(true)}>
          Sign out everywhere
        </button>
      </header>
      <ProviderAlertBanner />
      <main>
        {customer ? (
          <Customer key={customer[1]} id={decodeURIComponent(customer[1])} me={me} />
        ) : batches ? (
          <Batches open={batches[1]} />
        ) : hash === '#/webhooks' ? (
          <Webhooks me={me} />
        ) : hash === '#/setup' ? (
          <Setup />
        ) : (
          <Today />
        )}
      </main>
    </div>
  );
}

render(<App />, document.getElementById('app')!);
