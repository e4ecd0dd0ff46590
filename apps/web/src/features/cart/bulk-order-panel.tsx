import { useMemo, useRef, useState } from 'react';
import { Button, Card, Input, Tabs } from 'antd';
import { DownloadOutlined, FileExcelOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  cartEndpoints,
  IMPORT_BILL_PATH,
  IMPORT_FILE_FIELD,
  IMPORT_TEMPLATE_PATH,
  MAX_PASTE_CHARS,
  type MatchResult,
} from '@partsportal/contract/cart';
import { assetUrl } from '@shared/api/asset-url';
import { cartChanged } from '@shared/api/cart-api';
import { callEndpoint } from '@shared/api/client';
import { uploadFile } from '@shared/api/upload';
import { checkImportFile } from './import-file';
import { exportMatchRows } from './match-export';
import { MatchResultTable } from './match-result-table';
import {
  buildBatchItems,
  isReady,
  rematchText,
  statusKey,
  replaceWithRematch,
  summarize,
  toMatchRow,
  type MatchRow,
  type MatchSource,
} from './match-rows';
import { useFeedback } from '@shared/ui/feedback';
import { onDemand, useOnDemand, useOnDemandInBackground } from '@shared/ui/on-demand';

const FileDrop = onDemand(() => import('./bulk-file-drop'));

/**
 * The headline feature: paste lines or import a spreadsheet, fix what did not match, then add
 * every resolved line to the cart in ONE BatchAddCart call. Rows stay until added or removed.
 */
export function BulkOrderPanel() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [text, setText] = useState('');
  const [rows, setRows] = useState<MatchRow[]>([]);
  const [matching, setMatching] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [adding, setAdding] = useState(false);
  const [tab, setTab] = useState<'paste' | 'file'>('paste');
  // In the background once the cart has drawn; choosing the tab asks at once (a failed load
  // toasts and asks again after a few seconds while the tab stays chosen).
  useOnDemandInBackground(FileDrop);
  const fileDropReady = useOnDemand(FileDrop, tab === 'file', () => undefined);
  const batch = useRef(0);
  const summary = useMemo(() => summarize(rows), [rows]);
  const items = useMemo(() => buildBatchItems(rows), [rows]);

  const append = (result: MatchResult, source: MatchSource) => {
    batch.current += 1;
    const added = result.lines.map((line) => toMatchRow(line, source, batch.current));
    setRows((current) => [...current, ...added]);
    if (result.message) void message.warning(result.message);
    else
      void message.success(t('bulk.matched', { count: result.summary.matched, total: result.summary.total }));
  };

  const onMatch = async () => {
    if (!text.trim()) {
      void message.warning(t('bulk.pasteFirst'));
      return;
    }
    setMatching(true);
    try {
      append(await callEndpoint(cartEndpoints.matchPartNumbers, { text }), 'paste');
      setText('');
    } catch {
      // Toasted; the pasted text stays.
    } finally {
      setMatching(false);
    }
  };

  const onFile = async (file: File) => {
    const problem = checkImportFile(file);
    if (problem) {
      void message.error(t(problem === 'type' ? 'bulk.fileType' : 'bulk.fileSize'));
      return;
    }
    setUploading(true);
    try {
      append(await uploadFile<MatchResult>(IMPORT_BILL_PATH, IMPORT_FILE_FIELD, file), 'file');
    } catch {
      // Toasted with the server's message (spec §8 import messages).
    } finally {
      setUploading(false);
    }
  };

  const patchRow = (key: string, patch: Partial<MatchRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  const rematch = async (row: MatchRow, input: string) => {
    try {
      const result = await callEndpoint(cartEndpoints.matchPartNumbers, {
        text: rematchText(input, row.qty),
      });
      const line = result.lines[0];
      if (!line) return;
      setRows((current) => current.map((r) => (r.key === row.key ? replaceWithRematch(r, line) : r)));
    } catch {
      // Toasted; the row stays as it was.
    }
  };

  const onAdd = async () => {
    if (items.length === 0) {
      void message.warning(t('bulk.nothingReady'));
      return;
    }
    setAdding(true);
    try {
      const { carts } = await callEndpoint(cartEndpoints.batchAddCart, { items });
      cartChanged(carts);
      const added = new Set(rows.filter(isReady).map((row) => row.key));
      setRows((current) => current.filter((row) => !added.has(row.key)));
      void message.success(t('bulk.added', { count: items.length }));
    } catch {
      // Toasted; every row stays.
    } finally {
      setAdding(false);
    }
  };

  const onExport = async () => {
    await exportMatchRows(rows, {
      fileName: `bulk-order-${dayjs().format('YYYYMMDD-HHmm')}.xlsx`,
      header: [
        t('bulk.source'),
        t('bulk.line'),
        t('bulk.input'),
        t('bulk.statusTitle'),
        t('bulk.message'),
        t('catalog.number'),
        t('catalog.factory'),
        t('catalog.partName'),
        t('catalog.quantity'),
        t('catalog.price'),
        t('cart.remark'),
      ],
      sourceLabel: (row) => t(`bulk.from.${row.source}`),
      statusLabel: (row) => t(`bulk.status.${statusKey(row)}`, { value: row.via?.value ?? '' }),
    });
  };

  const pasteTab = (
    <div className="bulk-paste">
      <Input.TextArea
        className="paste-box"
        aria-label={t('bulk.pasteLabel')}
        placeholder={t('bulk.pastePlaceholder')}
        rows={4}
        maxLength={MAX_PASTE_CHARS}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <div className="bulk-actions">
        <Button type="primary" className="match-paste" loading={matching} onClick={() => void onMatch()}>
          {t('bulk.match')}
        </Button>
        <span className="muted">{t('bulk.pasteHint')}</span>
      </div>
    </div>
  );

  const fileTab = (
    <div className="bulk-file">
      {fileDropReady ? (
        <FileDrop uploading={uploading} onFile={(file) => void onFile(file)} />
      ) : (
        // The drop zone's place while its code comes (kept, so nothing below moves).
        <div className="bulk-file-waiting" aria-busy="true" />
      )}
    </div>
  );

  return (
    <Card
      className="bulk-panel"
      size="small"
      title={t('bulk.title')}
      extra={
        <a className="import-template" href={assetUrl(IMPORT_TEMPLATE_PATH)} download>
          <DownloadOutlined /> {t('bulk.template')}
        </a>
      }
    >
      <Tabs
        size="small"
        activeKey={tab}
        onChange={(key) => setTab(key === 'file' ? 'file' : 'paste')}
        items={[
          { key: 'paste', label: t('bulk.pasteTab'), children: pasteTab },
          { key: 'file', label: t('bulk.fileTab'), children: fileTab },
        ]}
      />
      {rows.length > 0 && (
        <div className="bulk-result">
          <div className="table-toolbar">
            <Button
              type="primary"
              icon={<ShoppingCartOutlined />}
              className="add-matched"
              loading={adding}
              disabled={items.length === 0}
              onClick={() => void onAdd()}
            >
              {t('bulk.addToCart', { count: summary.ready })}
            </Button>
            <Button icon={<FileExcelOutlined />} className="export-result" onClick={() => void onExport()}>
              {t('bulk.export')}
            </Button>
            <Button className="clear-result" onClick={() => setRows([])}>
              {t('bulk.clearTable')}
            </Button>
            <span className="bulk-summary" data-testid="bulk-summary">
              {t('bulk.summary', {
                total: summary.total,
                ready: summary.ready,
                ambiguous: summary.ambiguous,
                notFound: summary.notFound,
                qtyProblem: summary.qtyProblem,
                merged: summary.merged,
              })}
            </span>
          </div>
          <MatchResultTable
            rows={rows}
            onPatch={patchRow}
            onRematch={(row, input) => void rematch(row, input)}
            onRemove={(key) => setRows((current) => current.filter((r) => r.key !== key))}
          />
        </div>
      )}
    </Card>
  );
}
