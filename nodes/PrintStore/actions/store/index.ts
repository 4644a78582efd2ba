import { resourceDescription } from '../operation';
import * as joinWithInviteKey from './joinWithInviteKey.operation';
import * as removeApplicationAssociation from './removeApplicationAssociation.operation';

export { joinWithInviteKey, removeApplicationAssociation };

/** The resource's operations by the value of their entry: its Operation list, the router and the tools are built from them. */
export const operations = { joinWithInviteKey, removeApplicationAssociation };

export const description = resourceDescription('store', operations, 'joinWithInviteKey');
