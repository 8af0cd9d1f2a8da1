import { useState } from 'preact/hooks';
import { handled, signIn, type Me } from './api.js';

export function SignIn({ onSignedIn }: { onSignedIn: (me: Me) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const submit = async (e: Event) => {
    e.preventDefault();
    const result = await signIn(email, password);
    if (typeof result === 'string') setError(result);
    else onSignedIn(result);
  };
  return (
    <main>
      <form class="sign-in" onSubmit={handled(submit, setError)}>
        <h1>Outreach console</h1>
        <label>
          Email{' '}
          <input
            name="email"
            type="email"
            autocomplete="username"
            value={email}
            onInput={(e) => setEmail(e.currentTarget.value)}
            required
          />
        </label>
        <label>
          Password{' '}
          <input
            name="password"
            type="password"
            autocomplete="current-password"
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
            required
          />
        </label>
        <button type="submit">Sign in</button>
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
      </form>
    </main>
  );
}
