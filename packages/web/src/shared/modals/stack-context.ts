import { createContext } from 'react';
import type { CommandScope } from '../commands/command-types.ts';
import type { ModalStack } from './modal-stack.ts';

/** What a dialog that draws itself needs from the app: the modal stack and the hotkey scope frames. */
export interface StackServices {
  modals: ModalStack;
  hotkeys: { pushFrame(name: string, scopes: CommandScope[]): () => void };
}

/** Provided with the app's services (`ServicesProvider`); absent when a page is rendered on its own. */
export const StackContext = createContext<StackServices | null>(null);
