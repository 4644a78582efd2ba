import type { Icon, ICredentialType, INodeProperties } from 'n8n-workflow';

/**
 * OAuth2 plus the subscription key the service expects on every request. Two grants, as the
 * provider's sign-in (Azure AD) names them: a user's sign-in (authorization code: n8n performs the
 * dance, "Connect my account", and refreshes tokens) and a service's (client credentials: n8n asks
 * for a token itself when it needs one). The node's transport adds the subscription key header,
 * because n8n does not apply `authenticate` to OAuth2 credentials.
 *
 * Azure AD v1 wants the API's App ID URI as `resource` on the authorize and token requests. n8n's
 * oAuth2Api has no such field for every version, so Resource fills the two it has
 * (docs/api-assumptions.md, "Signing in through Azure AD"): Auth URI Query Parameters, which n8n adds
 * to the authorization URL, and Additional Body Properties, which n8n adds to the code exchange and
 * to the client-credentials token request (n8n 1.123 and 2.41). n8n 2.x also reads a field named
 * `resource` itself, and sends it on refreshes too.
 */
export class PrintStoreOAuth2Api implements ICredentialType {
	name = 'printStoreOAuth2Api';

	extends = ['oAuth2Api'];

	displayName = 'Print Store OAuth2 API';

	icon: Icon = { light: 'file:../icons/printStore.svg', dark: 'file:../icons/printStore.dark.svg' };

	documentationUrl = 'https://github.com/print-store/n8n-nodes-print-store#credentials';

	/**
	 * Only the package's own nodes (and their AI-tool variants) may use it. n8n's OAuth2 requests do
	 * not apply a credential's `authenticate`, so in the HTTP Request node it would send no
	 * subscription key and every call would get 401: n8n 2.x then neither offers it there nor lets
	 * another node decrypt it. (n8n 1.x does not know this setting: README, Credentials.)
	 */
	restrictToSupportedNodes = true as const;

	/**
	 * "Allowed HTTP Request Domains" means nothing for a credential no other node may use. This hides
	 * the fields n8n 2.x would add to this type; the hidden allowedHttpRequestDomains below hides those
	 * it adds to oAuth2Api, which this type extends ('all', n8n's default: saved credentials unchanged).
	 */
	hideDomainRestrictionFields = true;

	properties: INodeProperties[] = [
		{
			displayName: 'API Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. https://api.your-print-store.com',
			description:
				"Copy the API address from your provider's developer portal, without the /api/v1 part (the node adds it)",
		},
		{
			displayName: 'Subscription Key',
			name: 'subscriptionKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				"Copy the subscription key from your profile on your provider's developer portal. The node sends it with every request (Ocp-Apim-Subscription-Key).",
		},
		{
			displayName: 'Allowed HTTP Request Domains',
			name: 'allowedHttpRequestDomains',
			type: 'hidden',
			default: 'all',
		},
		{
			displayName: 'Grant Type',
			name: 'grantType',
			type: 'options',
			options: [
				{
					name: 'Authorization Code',
					value: 'authorizationCode',
					description: 'A person signs in with "Connect my account"; requests act as that user',
				},
				{
					name: 'Client Credentials',
					value: 'clientCredentials',
					description:
						"The application signs in as itself, with no person (unattended service use); requests act as the application's service user and use its store associations",
				},
			],
			default: 'authorizationCode',
			description: 'How n8n signs in to your provider. Ask your provider which one your application is registered for.',
		},
		{
			displayName: 'Authorization URL',
			name: 'authUrl',
			type: 'string',
			displayOptions: { show: { grantType: ['authorizationCode'] } },
			default: '',
			required: true,
			placeholder: 'e.g. https://auth.your-print-store.com/oauth/authorize',
			description:
				"Copy the OAuth2 authorization URL from your provider's developer portal: the page where you sign in and allow access",
		},
		{
			displayName: 'Access Token URL',
			name: 'accessTokenUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. https://auth.your-print-store.com/oauth/token',
			description: "Copy the OAuth2 token URL from your provider's developer portal",
		},
		{
			displayName: 'Scope',
			name: 'scope',
			type: 'string',
			default: '',
			placeholder: 'e.g. api://your-print-store/user_impersonation',
			description:
				"Space-separated scopes to request, if your provider asks for any. Azure AD v2 sign-in: <App ID URI>/user_impersonation (Client Credentials: <App ID URI>/.default). Leave empty otherwise.",
		},
		{
			displayName: 'Resource',
			name: 'resource',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://your-print-store.onmicrosoft.com/api',
			description:
				"The API's App ID URI, for a provider that signs in through Azure AD v1 (authorization and token URLs without /v2.0/). n8n sends it when you sign in and with each token request. Leave empty otherwise.",
		},
		{
			displayName: 'Auth URI Query Parameters',
			name: 'authQueryParameters',
			type: 'hidden',
			// n8n adds these to the authorization URL (n8n 1.x has no other way to send resource there).
			default: "={{ $self.resource ? 'resource=' + encodeURIComponent($self.resource) : '' }}",
		},
		{
			displayName: 'Send Additional Body Properties',
			name: 'sendAdditionalBodyProperties',
			type: 'hidden',
			default: false,
		},
		{
			displayName: 'Additional Body Properties',
			name: 'additionalBodyProperties',
			type: 'hidden',
			// n8n adds these to the code exchange and to the client-credentials token request, whatever the
			// Authentication below (n8n 1.x has no other way to send resource there).
			default: "={{ $self.resource ? JSON.stringify({ resource: $self.resource }) : '' }}",
		},
		{
			displayName: 'Authentication',
			name: 'authentication',
			type: 'options',
			options: [
				{
					name: 'Header',
					value: 'header',
					description: 'Send the client ID and secret as a Basic Auth header',
				},
				{
					name: 'Body',
					value: 'body',
					description: 'Send the client ID and secret in the token request body',
				},
			],
			default: 'header',
			description: 'How n8n sends the client ID and secret to the token endpoint',
		},
		{
			displayName: 'n8n Internal URL',
			name: 'n8nInternalUrl',
			type: 'string',
			default: '',
			placeholder: 'e.g. http://n8n-webhook:5678',
			description:
				"Where n8n's processes reach its webhooks when its public address does not work from inside (some reverse proxies, queue mode). Used by Wait Until Status and the trigger's catch-up. Leave empty if n8n listens on port 5678.",
		},
	];
}
