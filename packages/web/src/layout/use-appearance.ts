import { useServices } from '../shared/app-services.tsx';
import type { Appearance } from '../shared/appearance/appearance.ts';
import { useStore } from '../shared/use-store.ts';

export function useAppearance(): [Appearance, (patch: Partial<Appearance>) => void] {
  const { appearance } = useServices();
  const value = useStore(appearance.subscribe, () => appearance.value);
  return [value, (patch) => appearance.update(patch)];
}
