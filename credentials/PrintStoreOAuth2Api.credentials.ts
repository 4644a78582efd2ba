import type { Icon, ICredentialType, INodeProperties } from 'n8n-workflow';

/**
 * OAuth2 authorization-code grant plus the subscription key the service expects on every request.
 * n8n performs the OAuth2 dance ("Connect my account") and refreshes tokens; the node's transport
 * adds the subscription key header, because n8n does not apply `authenticate` to OAuth2 credentials.
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
			placeholder: 'https://api.your-print-store.com',
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
			type: 'hidden',
			default: 'authorizationCode',
		},
		{
			displayName: 'Authorization URL',
			name: 'authUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://auth.your-print-store.com/oauth/authorize',
			description:
				"Copy the OAuth2 authorization URL from your provider's developer portal: the page where you sign in and allow access",
		},
		{
			displayName: 'Access Token URL',
			name: 'accessTokenUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://auth.your-print-store.com/oauth/token',
			description: "Copy the OAuth2 token URL from your provider's developer portal",
		},
		{
			displayName: 'Scope',
			name: 'scope',
			type: 'string',
			default: '',
			placeholder: 'orders.write orders.read',
			description:
				'Space-separated scopes to request, if your provider asks for any. Leave empty otherwise.',
		},
		{
			displayName: 'Auth URI Query Parameters',
			name: 'authQueryParameters',
			type: 'hidden',
			default: '',
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
	];
}
