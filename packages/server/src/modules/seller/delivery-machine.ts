import { DELIVERY_STATUSES } from '@tradedeck/sdk/domain';
import { defineMachine } from '../../db/state-machine.ts';

/**
 * A delivery of sold items (docs/state-machines.md, Seller deliveries): the offer is sent, confirmed on the mobile
 * authenticator unless Steam needs none, registered with the market (trade-ready); it fails when the offer is
 * refused or a force stop cancels it, and a ready one whose trade Steam rolls back ends reversed.
 */
export const deliveryMachine = defineMachine({
  name: 'seller delivery',
  statuses: DELIVERY_STATUSES,
  edges: {
    pending: ['sent', 'confirmed', 'failed'],
    sent: ['confirmed', 'failed'],
    confirmed: ['ready', 'failed'],
    ready: ['reversed'],
    failed: [],
    reversed: [],
  },
});
