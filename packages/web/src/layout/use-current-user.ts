import { useQuery } from '@tanstack/react-query';
import { contract, type Operation } from '@tradedeck/sdk/contract';
import { useServices } from '../shared/app-services.tsx';

/** What the panel shows about the signed-in user (shell spec §3: userName). */
export interface CurrentUser {
  userName: string;
}

/** `user.getInfo` once the user area is in the contract; until then the panel runs without it. */
export function findGetInfo(): Operation | undefined {
  return (contract as unknown as Record<string, Record<string, Operation> | undefined>).user?.getInfo;
}

export function useCurrentUser() {
  const { client } = useServices();
  const op = findGetInfo();
  return useQuery({
    queryKey: ['user.getInfo'],
    enabled: op !== undefined,
    staleTime: 5 * 60_000,
    queryFn: async (): Promise<CurrentUser> => {
      const info = (await client.call(op!)) as { userName?: unknown };
      return { userName: typeof info.userName === 'string' ? info.userName : '' };
    },
  });
}
