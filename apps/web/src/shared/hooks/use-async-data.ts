import { useCallback, useEffect, useRef, useState } from 'react';

export interface AsyncData<T> {
  data: T | undefined;
  loading: boolean;
  /** True when the last load failed (the API client has already toasted the reason). */
  failed: boolean;
  reload: () => void;
}

interface Settled<T> {
  ticket: string;
  data?: T;
  failed: boolean;
}

/**
 * Loads `load()` whenever `key` changes (null = do not load). An answer that arrives after a
 * newer request started is dropped, so fast typing never shows an older search's rows. The
 * previous data stays visible while the next load runs (the table shows its own spinner).
 */
export function useAsyncData<T>(key: string | null, load: () => Promise<T>): AsyncData<T> {
  const [version, setVersion] = useState(0);
  const [settled, setSettled] = useState<Settled<T>>({ ticket: '', failed: false });
  const [lastData, setLastData] = useState<T>();
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const ticket = key === null ? '' : `${version}#${key}`;
  const latest = useRef(ticket);
  // A kept-alive tab re-runs its effects each time it is shown again; an answer it already
  // holds is not fetched again (Enter in a search box calls reload() for fresh figures).
  const loaded = useRef('');

  useEffect(() => {
    latest.current = ticket;
    if (!ticket || loaded.current === ticket) return;
    loadRef.current().then(
      (data) => {
        if (ticket !== latest.current) return;
        loaded.current = ticket;
        setLastData(data);
        setSettled({ ticket, data, failed: false });
      },
      () => {
        if (ticket === latest.current) setSettled({ ticket, failed: true });
      },
    );
  }, [ticket]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return {
    data: lastData,
    loading: ticket !== '' && settled.ticket !== ticket,
    failed: settled.ticket === ticket && settled.failed,
    reload,
  };
}
