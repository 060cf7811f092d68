// The console's sign-in: the session API (POST, GET and DELETE /v2/session). The
// session lives in an HttpOnly cookie; nothing is kept in the page, storage or the URL.
const form = document.getElementById('sign-in-form');
const signInSection = document.getElementById('sign-in');
const signedIn = document.getElementById('signed-in');
const error = document.getElementById('sign-in-error');
let csrfToken = '';

function choose() {
  const admin = form.elements.with.value === 'admin';
  document.getElementById('index-fields').hidden = admin;
  document.getElementById('admin-fields').hidden = !admin;
}

function show(session) {
  csrfToken = session.csrfToken;
  const who = session.identity.kind === 'admin' ? 'the admin key' : `index “${session.identity.publicKey}”`;
  document.getElementById('who').textContent = `Signed in with ${who}.`;
  const list = document.getElementById('indices');
  list.replaceChildren(...session.indices.map(({ publicKey }) => Object.assign(document.createElement('li'), { textContent: publicKey })));
  signInSection.hidden = true;
  signedIn.hidden = false;
  document.getElementById('signed-in-title').focus();
}

async function errorText(response) {
  try {
    return (await response.json()).error.message;
  } catch {
    return `the service answered ${response.status}`;
  }
}

form.addEventListener('change', choose);
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  error.textContent = '';
  const admin = form.elements.with.value === 'admin';
  const body = admin ? { adminKey: form.elements.adminKey.value } : { key: form.elements.key.value.trim(), secret: form.elements.secret.value };
  const response = await fetch('../v2/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  // The secret leaves the form once sent, whatever the answer.
  form.elements.secret.value = '';
  form.elements.adminKey.value = '';
  if (!response.ok) {
    error.textContent = response.status === 401 ? 'Wrong key or secret.' : await errorText(response);
    (admin ? form.elements.adminKey : form.elements.key).focus();
    return;
  }
  show(await response.json());
});

document.getElementById('sign-out').addEventListener('click', async () => {
  await fetch('../v2/session', { method: 'DELETE', headers: { 'x-csrf-token': csrfToken } });
  csrfToken = '';
  signedIn.hidden = true;
  signInSection.hidden = false;
  form.elements.key.focus();
});

choose();
const current = await fetch('../v2/session');
if (current.ok) show(await current.json());
