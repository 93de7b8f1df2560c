import { useEffect, useState } from 'react';

/** Date.now(), re-rendering every `periodMs` (the clock screen ticks every second). */
export function useNow(periodMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), periodMs);
    return () => clearInterval(timer);
  }, [periodMs]);
  return now;
}
