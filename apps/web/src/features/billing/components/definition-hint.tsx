import { Info } from 'lucide-react';
import { useId, useState } from 'react';

/**
 * A term's definition behind an info button: shown while the pointer is over it, while it has
 * keyboard focus, and toggled by a tap or a click (a disclosure, so a screen reader hears
 * whether it is open). Escape closes it.
 */
export function DefinitionHint({ label, definition }: { label: string; definition: string }) {
  const id = useId();
  const [pinned, setPinned] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const open = pinned || hovered || focused;
  const close = () => {
    setPinned(false);
    setHovered(false);
    setFocused(false);
  };
  return (
    <span className="relative inline-flex" onMouseEnter={() => setHovered(true)} onMouseLeave={() => setHovered(false)}>
      <button
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setPinned((p) => !p)}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          setPinned(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') close();
        }}
        className="inline-flex size-6 items-center justify-center rounded-full text-slate-500 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <Info aria-hidden="true" className="size-4" />
      </button>
      <span
        id={id}
        role="note"
        hidden={!open}
        className="absolute top-7 left-0 z-10 w-64 max-w-[calc(100vw-3rem)] rounded-lg border border-slate-200 bg-white p-3 text-xs leading-5 font-normal text-slate-700 shadow-lg"
      >
        {definition}
      </span>
    </span>
  );
}
