import {
  Children,
  cloneElement,
  createContext,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';

const CloseContext = createContext<() => void>(() => {});

interface DropdownMenuProps {
  /** The accessible name of the button that opens the menu. */
  label: string;
  title?: string;
  buttonClassName: string;
  /** What the button shows (an icon, an avatar). */
  button: ReactNode;
  /** Classes of the list under the button (it opens below, aligned to the button's end). */
  itemsClassName: string;
  children: ReactNode;
}

const items = (list: HTMLElement | null) =>
  list ? [...list.querySelectorAll<HTMLElement>('[role="menuitem"]')] : [];

/**
 * A menu button of the top bar (WAI-ARIA menu button): opens with a click, Enter, Space or an arrow key with the
 * first (or, with ArrowUp, the last) item focused; arrows, Home and End move, Escape and Tab close, and so does a
 * click outside. Choosing an item closes it.
 */
export function DropdownMenu({
  label,
  title,
  buttonClassName,
  button,
  itemsClassName,
  children,
}: DropdownMenuProps) {
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const root = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const all = items(list.current);
    (open === 'last' ? all.at(-1) : all[0])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [open]);

  const close = (refocus = true) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(event.key === 'ArrowUp' ? 'last' : 'first');
    }
  };

  const onListKeyDown = (event: KeyboardEvent) => {
    const all = items(list.current);
    const at = all.indexOf(document.activeElement as HTMLElement);
    const focus = (index: number) => all[(index + all.length) % all.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        focus(at + 1);
        break;
      case 'ArrowUp':
        focus(at - 1);
        break;
      case 'Home':
        focus(0);
        break;
      case 'End':
        focus(all.length - 1);
        break;
      case 'Escape':
        close();
        break;
      case 'Tab':
        close(false);
        return;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <div ref={root} className="relative inline-block">
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName}
        aria-label={label}
        title={title}
        aria-haspopup="menu"
        aria-expanded={Boolean(open)}
        aria-controls={open ? id : undefined}
        data-open={open ? '' : undefined}
        onClick={() => setOpen(open ? false : 'first')}
        onKeyDown={onButtonKeyDown}
      >
        {button}
      </button>
      {open && (
        <div
          ref={list}
          id={id}
          role="menu"
          aria-label={label}
          tabIndex={-1}
          className={`absolute end-0 top-full ${itemsClassName}`}
          onKeyDown={onListKeyDown}
        >
          <CloseContext.Provider value={close}>{children}</CloseContext.Provider>
        </div>
      )}
    </div>
  );
}

type ItemElement = ReactElement<{ role?: string; tabIndex?: number; onClick?: (event: MouseEvent) => void }>;

/** One item: its only child (a link or a button) becomes the menu item, and choosing it closes the menu. */
export function DropdownMenuItem({ children }: { children: ItemElement }) {
  const close = useContext(CloseContext);
  const child = Children.only(children);
  return cloneElement(child, {
    role: 'menuitem',
    tabIndex: -1,
    onClick: (event: MouseEvent) => {
      child.props.onClick?.(event);
      close();
    },
  });
}

export function DropdownMenuSeparator() {
  return <hr className="my-1 h-px border-0 bg-slate-200 dark:bg-slate-700" />;
}
