import { useRef } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap, useInertBackground } from './focus-trap.ts';

interface StackLayerProps {
  level: number;
  zIndex: number;
  topmost: boolean;
  width: number;
  /** A click on the backdrop (the stack decides whether it closes anything). */
  onBackdrop?: () => void;
  label?: string;
  labelledBy?: string;
  backdropClassName?: string;
  panelClassName: string;
  children: React.ReactNode;
}

/**
 * One layer of the modal stack, rendered at the end of <body>: the backdrop and the dialog panel at the stack's
 * z-index. The topmost layer keeps focus inside its panel and makes everything else inert.
 */
export function StackLayer(props: StackLayerProps) {
  const layer = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, props.topmost);
  useInertBackground(layer, props.topmost);
  return createPortal(
    <div
      ref={layer}
      className="fixed inset-0 flex items-start justify-center overflow-y-auto p-4 pt-[10vh]"
      style={{ zIndex: props.zIndex }}
      data-modal-level={props.level}
    >
      <div
        aria-hidden
        data-testid="modal-backdrop"
        className={`fixed inset-0 ${props.backdropClassName ?? (props.topmost ? 'bg-slate-950/50' : 'bg-transparent')}`}
        onMouseDown={props.onBackdrop}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-label={props.label}
        aria-labelledby={props.labelledBy}
        tabIndex={-1}
        className={`relative w-full outline-none ${props.panelClassName}`}
        style={{ maxWidth: props.width }}
      >
        {props.children}
      </div>
    </div>,
    document.body,
  );
}
