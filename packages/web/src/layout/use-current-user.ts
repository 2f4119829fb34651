import { useQuery } from '@tanstack/react-query';
import { useServices } from '../shared/app-services.tsx';

/** The signed-in user as the panel shows it (shell spec §3: userName; the role opens the admin page). */
export function useCurrentUser() {
  const { client } = useServices();
  return useQuery({
    queryKey: ['user.getInfo'],
    staleTime: 5 * 60_000,
    queryFn: () => client.user.getInfo(),
  });
}
