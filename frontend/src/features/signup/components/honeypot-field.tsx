import type { InputHTMLAttributes } from 'react';

/** Off-screen, not merely display:none, so naive bots still see and fill it. */
const hidden: React.CSSProperties = {
  position: 'absolute',
  left: '-10000px',
  top: 'auto',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
};

/**
 * The honeypot input `website`: humans never see, reach or fill it (visually hidden, aria-hidden,
 * out of the tab order, no autocomplete). A filled value marks the submission as a bot's.
 */
export function HoneypotField({ defaultValue, onChange }: Pick<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'defaultValue'>) {
  return (
    <div style={hidden} aria-hidden="true">
      <label htmlFor="signup-website">Leave this field empty</label>
      <input id="signup-website" type="text" name="website" tabIndex={-1} autoComplete="off" aria-hidden="true" defaultValue={defaultValue} onChange={onChange} />
    </div>
  );
}
