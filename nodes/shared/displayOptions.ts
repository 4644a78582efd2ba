import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

/**
 * Shows shared fields for one operation: merges `displayOptions` into each field's own, keeping
 * conditions the field already has (e.g. on the input mode). Field lists stay free of display
 * rules, so each operation states where its fields appear.
 */
export function showFor(displayOptions: IDisplayOptions, properties: INodeProperties[]): INodeProperties[] {
	return properties.map((property) => ({
		...property,
		displayOptions: {
			...property.displayOptions,
			show: { ...property.displayOptions?.show, ...displayOptions.show },
			...(displayOptions.hide || property.displayOptions?.hide
				? { hide: { ...property.displayOptions?.hide, ...displayOptions.hide } }
				: {}),
		},
	}));
}
