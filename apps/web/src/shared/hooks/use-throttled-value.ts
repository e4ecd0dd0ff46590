import { useEffect, useRef, useState } from 'react';

/**
 * `value` at most once every `intervalMs` while it keeps changing: the first change at once, the
 * last one when the interval ends (search as you type asks while the user is still typing).
 */
export function useThrottledValue<T>(value: T, intervalMs: number): T {
  const [throttled, setThrottled] = useState(value);
  const lastAt = useRef(0);
  useEffect(() => {
    const wait = lastAt.current + intervalMs - Date.now();
    if (wait <= 0) {
      lastAt.current = Date.now();
      setThrottled(value);
      return;
    }
    const timer = setTimeout(() => {
      lastAt.current = Date.now();
      setThrottled(value);
    }, wait);
    return () => clearTimeout(timer);
  }, [value, intervalMs]);
  return throttled;
}
