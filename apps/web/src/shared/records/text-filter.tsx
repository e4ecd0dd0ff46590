import { useState } from 'react';
import { Input } from 'antd';

/**
 * A text filter that applies on Enter / the search button (not per keystroke: every change is
 * a URL change and a server call). It follows the URL when that changes (back, a shared link).
 */
export function TextFilter({
  value,
  label,
  className,
  maxLength = 60,
  onSearch,
}: {
  value: string;
  label: string;
  className?: string;
  maxLength?: number;
  onSearch: (value: string) => void;
}) {
  const [input, setInput] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setInput(value);
  }
  return (
    <Input.Search
      className={className ? `filter-text ${className}` : 'filter-text'}
      aria-label={label}
      placeholder={label}
      allowClear
      maxLength={maxLength}
      value={input}
      onChange={(event) => setInput(event.target.value)}
      onSearch={(next) => {
        setInput(next);
        onSearch(next.trim());
      }}
    />
  );
}
