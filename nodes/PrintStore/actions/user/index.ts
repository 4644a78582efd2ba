import { resourceDescription } from '../operation';
import * as getCurrent from './getCurrent.operation';

export { getCurrent };

/** The resource's operations by the value of their entry: its Operation list, the router and the tools are built from them. */
export const operations = { getCurrent };

export const description = resourceDescription('user', operations, 'getCurrent');
