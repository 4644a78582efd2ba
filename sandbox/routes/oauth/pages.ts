/** The login + consent page of the authorization server: plain HTML, a form POST, no script. */

const escapeHtml = (value: string): string =>
	value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Query parameters of the authorization request carried through the form as hidden fields. */
export const AUTHORIZE_PARAMS = [
	'response_type',
	'client_id',
	'redirect_uri',
	'state',
	'scope',
	'code_challenge',
	'code_challenge_method',
	// Azure AD v1's App ID URI of the API (profile oauth-resource).
	'resource',
] as const;

const STYLE = `
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f4f5f7;color:#1d2433;margin:0}
main{max-width:26rem;margin:4rem auto;background:#fff;padding:2rem;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.12)}
h1{font-size:1.3rem;margin:0 0 .25rem}p{line-height:1.4}label{display:block;margin:.75rem 0 .25rem;font-weight:600}
input[type=text],input[type=password]{width:100%;box-sizing:border-box;padding:.5rem;border:1px solid #b8bfcc;border-radius:4px;font-size:1rem}
.actions{display:flex;gap:.5rem;margin-top:1.25rem}button{flex:1;padding:.6rem;font-size:1rem;border-radius:4px;border:1px solid #1f5fd6;cursor:pointer}
button.allow{background:#1f5fd6;color:#fff}button.deny{background:#fff;color:#1f5fd6}
.error{background:#fdecea;border:1px solid #f5c2c0;color:#8a1c14;padding:.5rem .75rem;border-radius:4px}
details{margin-top:1.5rem;font-size:.9rem}table{border-collapse:collapse;margin-top:.5rem}td,th{padding:.2rem .6rem;text-align:left;border-bottom:1px solid #eee}
code{font-size:.85rem}`;

function layout(title: string, body: string): string {
	return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

export interface LoginPageInput {
	applicationName: string;
	params: Record<string, string | undefined>;
	username?: string;
	error?: string;
	users: Array<{ username: string; password: string; role: string }>;
}

export function loginPage(input: LoginPageInput): string {
	const hidden = AUTHORIZE_PARAMS.filter((name) => input.params[name] !== undefined)
		.map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(input.params[name]!)}">`)
		.join('\n');
	const error = input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : '';
	const users = input.users
		.map((u) => `<tr><td><code>${escapeHtml(u.username)}</code></td><td><code>${escapeHtml(u.password)}</code></td><td>${escapeHtml(u.role)}</td></tr>`)
		.join('');
	return layout(
		'Sign in - Print Store sandbox',
		`<h1>Print Store sandbox</h1>
<p><strong>${escapeHtml(input.applicationName)}</strong> asks to act on your print stores on your behalf.
Sign in and choose <em>Allow</em> to continue.</p>
${error}
<form method="post" action="/oauth/authorize">
${hidden}
<label for="username">Username</label>
<input type="text" id="username" name="username" autocomplete="username" value="${escapeHtml(input.username ?? '')}" required>
<label for="password">Password</label>
<input type="password" id="password" name="password" autocomplete="current-password" required>
<div class="actions">
<button class="allow" type="submit" name="allowed" value="true">Allow</button>
<button class="deny" type="submit" name="allowed" value="false" formnovalidate>Deny</button>
</div>
</form>
<details><summary>Sandbox users</summary><table><tr><th>Username</th><th>Password</th><th>Role</th></tr>${users}</table></details>`,
	);
}

export function errorPage(title: string, message: string): string {
	return layout(`${title} - Print Store sandbox`, `<h1>${escapeHtml(title)}</h1><p class="error">${escapeHtml(message)}</p>
<p>Check the client id and the redirect URI configured in your OAuth2 credential.</p>`);
}
