import { type contract, ResultCode } from '@tradedeck/sdk/contract';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { SellerShared } from './deps.ts';
import { sellerMessages } from './messages.ts';
import { toDelivery } from './views.ts';

type Input = z.output<(typeof contract.p2p)['deliveries']['input']>;

/** An account's deliveries as the view dialog and the CLI list them. */
export class DeliveryQueryService {
  constructor(private readonly deps: SellerShared) {}

  async query(userId: string, input: Input) {
    const { page, pageSize } = input.pages;
    return this.deps.repo.run(userId, async (q) => {
      if (!(await q.account(input.id)))
        throw new AppError({ code: ResultCode.NotFound, text: sellerMessages.accountNotFound });
      const { rows, total } = await q.deliveriesPage(input.id, input.withStatus, page, pageSize);
      return { items: rows.map(toDelivery), total, page, pageSize };
    });
  }
}
