// The sign-in: an index's key and secret, or the service's admin key. What is typed is
// sent once to POST /v2/session and cleared from the form whatever the answer.
import { useEffect, useRef, useState } from 'preact/hooks';
import { SearchApiError } from '../../../src/client/errors.ts';
import type { SessionResponse } from '../../../src/client/types.ts';
import { errorMessage } from './dashboardApi.ts';
import { signIn } from './session.ts';

export function SignIn({ onSignedIn, notice }: { onSignedIn: (session: SessionResponse) => void; notice: string }) {
  const [admin, setAdmin] = useState(false);
  const [key, setKey] = useState('');
  const [secret, setSecret] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const keyInput = useRef<HTMLInputElement>(null);
  const adminInput = useRef<HTMLInputElement>(null);
  const title = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    document.title = 'Sign in · Site Search console';
    // After a sign-out the page says so, from its title.
    if (notice !== '') title.current?.focus();
  }, []);

  const submit = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    setError('');
    setBusy(true);
    try {
      const session = await signIn(admin ? { adminKey: secret } : { key: key.trim(), secret });
      onSignedIn(session);
    } catch (thrown) {
      setError(thrown instanceof SearchApiError && thrown.status === 401 ? 'Wrong key or secret.' : errorMessage(thrown));
      (admin ? adminInput : keyInput).current?.focus();
    } finally {
      // The secret leaves the form once sent, whatever the answer.
      setSecret('');
      setBusy(false);
    }
  };

  return (
    <main class="console-sign-in" aria-labelledby="sign-in-title">
      <p class="page-eyebrow">Site Search console</p>
      <h1 id="sign-in-title" class="page-title" tabIndex={-1} ref={title}>
        Sign in
      </h1>
      {notice !== '' && (
        <p class="page-lede" role="status">
          {notice}
        </p>
      )}
      <form id="sign-in-form" onSubmit={submit} noValidate>
        <fieldset>
          <legend>Sign in with</legend>
          <label>
            <input type="radio" name="with" value="index" checked={!admin} onChange={() => setAdmin(false)} /> an index key and its secret
          </label>
          <label>
            <input type="radio" name="with" value="admin" checked={admin} onChange={() => setAdmin(true)} /> the service's admin key
          </label>
        </fieldset>
        {admin ? (
          <label class="console-field">
            Admin key
            <input
              ref={adminInput}
              name="adminKey"
              type="password"
              autocomplete="current-password"
              value={secret}
              onInput={(e) => setSecret(e.currentTarget.value)}
            />
          </label>
        ) : (
          <>
            <label class="console-field">
              Index key
              <input ref={keyInput} name="key" autocomplete="username" spellcheck={false} value={key} onInput={(e) => setKey(e.currentTarget.value)} />
            </label>
            <label class="console-field">
              Secret
              <input name="secret" type="password" autocomplete="current-password" value={secret} onInput={(e) => setSecret(e.currentTarget.value)} />
            </label>
          </>
        )}
        <p id="sign-in-error" class="console-error" role="alert">
          {error}
        </p>
        <button type="submit" aria-disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
