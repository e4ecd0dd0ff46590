import { Button } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PagedExportOptions } from '../export/paged-export';
import { usePagedExport } from '../export/use-paged-export';
import { MAX_RECORD_PAGE_SIZE } from './list-query';

/**
 * "Export" of a record list: every page of the current filter into an .xlsx, with the progress
 * modal (antd portals it to the body). Disabled while the list is empty or an export runs.
 */
export function RecordExportButton<T>({
  total,
  loadPage,
  sheet,
}: {
  /** The list's total over the filter (undefined before the first answer). */
  total: number | undefined;
  loadPage: PagedExportOptions<T>['loadPage'];
  /** Header, rows and names, built at click time (in the language of that moment). */
  sheet: () => Pick<PagedExportOptions<T>, 'header' | 'toRow' | 'sheetName' | 'fileName'>;
}) {
  const { t } = useTranslation();
  const exporter = usePagedExport();
  return (
    <>
      <Button
        icon={<FileExcelOutlined />}
        className="export-xlsx"
        disabled={!total || exporter.running}
        onClick={() =>
          void exporter.start({ ...sheet(), loadPage, pageSize: MAX_RECORD_PAGE_SIZE }, total ?? 0)
        }
      >
        {t('stock.export')}
      </Button>
      {exporter.modal}
    </>
  );
}
