import { CancelButton } from './cancel-button.tsx';
import { ModalFrame } from './modal-frame.tsx';
import type { ModalControls } from './modal-stack.ts';

/** Asks before a destructive action; the modal resolves with true when confirmed. */
export function ConfirmDialog({
  controls,
  title,
  text,
  confirmLabel,
}: {
  controls: ModalControls;
  title: string;
  text: string;
  confirmLabel: string;
}) {
  return (
    <ModalFrame
      title={title}
      onClose={controls.dismiss}
      footer={
        <>
          <CancelButton onClick={controls.dismiss} />
          <button type="button" data-autofocus className="btn-danger" onClick={() => controls.close(true)}>
            {confirmLabel}
          </button>
        </>
      }
    >
      {text}
    </ModalFrame>
  );
}
