import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useServices } from '../shared/app-services.tsx';

const MAINTENANCE_PATH = '/maintenance';

/** At start and after connectivity returns: when the server reports maintenance, show the Maintenance page. */
export function useMaintenanceCheck(): void {
  const { client, monitor } = useServices();
  const navigate = useNavigate();
  useEffect(() => {
    const check = () => {
      client.system.status().then(
        (status) => {
          if (status.maintenance.active && window.location.pathname !== MAINTENANCE_PATH) {
            navigate(MAINTENANCE_PATH, { replace: true });
          }
        },
        () => {},
      );
    };
    check();
    return monitor.subscribe((_, event) => {
      if (event === 'restored') check();
    });
  }, [client, monitor, navigate]);
}
