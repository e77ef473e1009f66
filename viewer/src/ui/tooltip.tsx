// The one tooltip: explains a disabled control or an upsell. Shown 250 ms after the pointer enters and
// hidden 500 ms after it leaves (the spec's tooltip delays), shown on keyboard focus and closed by
// Escape; on touch a long press, or a tap on a disabled control, shows it and a tap elsewhere hides it.
// The text is always in the page (hidden until shown) so aria-describedby names it for screen readers.
import {
  cloneElement,
  isValidElement,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import './tooltip.css';

export const tooltipShowMs = 250;
export const tooltipHideMs = 500;

type Place = { left: number; top: number; above?: boolean };

export function Tooltip(props: {
  /** The explanation; without one the child is rendered alone. */
  content: ReactNode;
  children: ReactNode;
  /** The child is a disabled control: the wrapper takes keyboard focus and taps for it. */
  disabled?: boolean;
  testId?: string;
  className?: string;
}) {
  const id = useId();
  const anchor = useRef<HTMLSpanElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [place, setPlace] = useState<Place | null>(null);

  const showNow = useCallback(() => {
    clearTimeout(timer.current);
    const box = anchor.current?.getBoundingClientRect();
    if (!box) return;
    // Below the anchor, kept inside the viewport (phones are 390 px wide); above it when the anchor
    // sits at the foot of the screen (a phone's bottom sheet) and a bubble below would be cut off.
    const left = Math.max(8, Math.min(box.left, window.innerWidth - 268));
    const above = box.bottom + 90 > window.innerHeight && box.top > 90;
    setPlace(above ? { left, top: box.top - 6, above } : { left, top: box.bottom + 6 });
  }, []);
  const later = useCallback((fn: () => void, ms: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(fn, ms);
  }, []);
  const hideNow = useCallback(() => {
    clearTimeout(timer.current);
    setPlace(null);
  }, []);
  const show = () => later(showNow, tooltipShowMs);
  const hide = () => later(hideNow, tooltipHideMs);

  // A tap elsewhere hides an open tooltip (touch has no pointer leaving); Escape closes it anywhere.
  useEffect(() => {
    if (!place) return;
    const outside = (e: globalThis.PointerEvent) => {
      if (!anchor.current?.contains(e.target as Node)) later(hideNow, tooltipHideMs);
    };
    const escape = (e: globalThis.KeyboardEvent) => e.key === 'Escape' && hideNow();
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [place, later, hideNow]);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (!props.content) return <>{props.children}</>;
  const describedChild =
    !props.disabled && isValidElement(props.children)
      ? cloneElement(props.children as ReactElement<{ 'aria-describedby'?: string }>, { 'aria-describedby': id })
      : props.children;
  const touch = (e: PointerEvent) => e.pointerType === 'touch' || e.pointerType === 'pen';
  return (
    <span
      ref={anchor}
      className={`tooltip-anchor${props.disabled ? ' tooltip-disabled' : ''}${props.className ? ` ${props.className}` : ''}`}
      data-testid={props.testId}
      tabIndex={props.disabled ? 0 : undefined}
      aria-describedby={props.disabled ? id : undefined}
      onPointerEnter={(e) => !touch(e) && show()}
      onPointerLeave={(e) => !touch(e) && hide()}
      onPointerDown={(e) => touch(e) && show()}
      onPointerUp={(e) => {
        if (!touch(e)) return;
        // A tap on a disabled control explains it at once; elsewhere only a long press (held past
        // the show delay) leaves it open.
        if (props.disabled) showNow();
        else if (!place) clearTimeout(timer.current);
      }}
      onFocus={show}
      onBlur={hide}
    >
      {describedChild}
      <span
        role="tooltip"
        id={id}
        className="tooltip"
        hidden={!place}
        data-testid={props.testId ? `${props.testId}-tooltip` : undefined}
        style={
          place
            ? { left: place.left, top: place.top, ...(place.above ? { transform: 'translateY(-100%)' } : {}) }
            : undefined
        }
      >
        {props.content}
      </span>
    </span>
  );
}
