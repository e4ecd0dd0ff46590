import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ROW_RESULTS, type ImportCounts, type ImportState } from '@partsportal/contract/imports';

const STATE_COLOURS: Record<ImportState, string> = {
  uploaded: 'default',
  checking: 'processing',
  checked: 'blue',
  queued: 'processing',
  running: 'processing',
  done: 'success',
  failed: 'error',
};

const RESULT_COLOURS = { created: 'green', updated: 'blue', unchanged: 'default', error: 'red' } as const;

export function StateTag({ state }: { state: ImportState }) {
  const { t } = useTranslation();
  return <Tag color={STATE_COLOURS[state]}>{t(`admin.imports.states.${state}`)}</Tag>;
}

/** The four results as small tags (the list) — "Created 180 · Updated 12 …". */
export function CountTags({ counts }: { counts: ImportCounts }) {
  const { t } = useTranslation();
  return (
    <span className="imports-count-tags">
      {ROW_RESULTS.map((result) => (
        <Tag key={result} color={RESULT_COLOURS[result]} data-result={result}>
          {t(`admin.imports.counts.${result}`)} {counts[result]}
        </Tag>
      ))}
    </span>
  );
}

export const resultColour = (result: keyof typeof RESULT_COLOURS) => RESULT_COLOURS[result];
