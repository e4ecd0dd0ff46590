import { useMemo, useState, type ReactNode } from 'react';
import { Button, Checkbox, Popover } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../stores/session-store';
import './column-chooser.css';
import { browserStorage, columnChoiceKey, readColumnChoice, writeColumnChoice } from './column-choice';

export interface ChoosableColumn {
  key: string;
  title: string;
}

/**
 * The column chooser of a table (catalogue, stock list, cart, order and purchase lines): which columns show, kept per
 * user in localStorage. `visible` filters the table's columns; `chooser` is the toolbar button.
 */
export function useColumnChoice({
  table,
  columns,
  defaults,
  required = [],
}: {
  table: string;
  columns: readonly ChoosableColumn[];
  defaults: readonly string[];
  /** Always shown, not offered for hiding (the part number). */
  required?: readonly string[];
}): { visible: ReadonlySet<string>; chooser: ReactNode } {
  const { t } = useTranslation();
  const user = useSessionStore((s) => (s.userInfo ? `${s.userInfo.company_name}/${s.userInfo.name}` : ''));
  const allKeys = useMemo(() => columns.map((c) => c.key), [columns]);
  const storageKey = columnChoiceKey(table, user);
  const read = () => readColumnChoice(browserStorage(), storageKey, allKeys, defaults, required);
  const [chosen, setChosen] = useState(read);
  // Another user, or columns that arrived later (the stock list's stores): read again.
  const identity = `${storageKey}|${allKeys.join(',')}`;
  const [seen, setSeen] = useState(identity);
  if (seen !== identity) {
    setSeen(identity);
    setChosen(read());
  }
  const visible = useMemo(() => new Set(chosen), [chosen]);
  const choose = (keys: readonly string[]) =>
    setChosen(writeColumnChoice(browserStorage(), storageKey, [...keys, ...required], allKeys, defaults));

  const content = (
    <div className="column-chooser">
      <Checkbox.Group
        value={chosen}
        onChange={(keys) => choose(keys)}
        options={columns.map((c) => ({ label: c.title, value: c.key, disabled: required.includes(c.key) }))}
      />
      <Button type="link" size="small" className="column-reset" onClick={() => choose(defaults)}>
        {t('columns.reset')}
      </Button>
    </div>
  );
  const chooser = (
    <Popover trigger="click" placement="bottomRight" content={content} title={t('columns.chooseLabel')}>
      <Button icon={<SettingOutlined />} className="column-chooser-button">
        {t('columns.choose')}
      </Button>
    </Popover>
  );
  return { visible, chooser };
}
