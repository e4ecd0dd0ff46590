import { Grid, Select, Tabs } from 'antd';

/**
 * A desk's queue tabs: one tab per state with its count (the order desk, the purchases desk).
 * Under 576 px a select with the same choices instead: nine tabs do not fit a phone, and antd's
 * overflow menu inside the tab list is not a valid tablist child (axe aria-required-children).
 * `classPrefix` keeps the desks' own class names (`<prefix>-tab-<key>`, `<prefix>-count`,
 * `<prefix>-state-select`), which their styles and browser tests use.
 */
export function StateTabs<Key extends string>({
  tabs,
  value,
  onChange,
  label,
  count,
  classPrefix,
  selectLabel,
}: {
  tabs: readonly Key[];
  value: Key;
  onChange: (key: Key) => void;
  label: (key: Key) => string;
  count: (key: Key) => number;
  classPrefix: string;
  /** The select's accessible name (the tabs are named by their own labels). */
  selectLabel: string;
}) {
  const screens = Grid.useBreakpoint();
  if (screens.sm === false) {
    return (
      <Select<Key>
        className={`${classPrefix}-state-select admin-gap`}
        aria-label={selectLabel}
        value={value}
        onChange={onChange}
        options={tabs.map((key) => ({ value: key, label: `${label(key)} (${count(key)})` }))}
      />
    );
  }
  return (
    <Tabs
      activeKey={value}
      onChange={(key) => onChange(key as Key)}
      items={tabs.map((key) => ({
        key,
        label: (
          <span className={`${classPrefix}-tab ${classPrefix}-tab-${key}`}>
            {label(key)} <span className={`${classPrefix}-count`}>{count(key)}</span>
          </span>
        ),
      }))}
    />
  );
}
