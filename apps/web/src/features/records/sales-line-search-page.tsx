import { useTranslation } from 'react-i18next';
import { recordEndpoints, type SalesLineRow } from '@partsportal/contract/records';
import { RecordLineSearch } from '@shared/records/record-line-search';
import { useRecordList } from '@shared/records/use-record-list';
import { CargoStateTag } from './cargo-state-tag';
import { salesLineQuery } from './sales-query';

export default function SalesLineSearchPage() {
  const { t } = useTranslation();
  const records = useRecordList('/sales/detailSearch', salesLineQuery, recordEndpoints.getSalesLineList);
  return (
    <RecordLineSearch<SalesLineRow>
      records={records}
      title={t('route.salesDetailSearch')}
      titleId="sales-lines-title"
      tableClassName="sales-line-table"
      billHref={(row) => `/sales/detail?id=${row.sales_bill_id}`}
      doneQty={{ key: 'export_qty', title: t('recordList.exportQty'), value: (row) => row.export_qty }}
      state={{
        key: 'cargo_state',
        title: t('sales.cargoState'),
        width: 110,
        cell: (row) => <CargoStateTag state={row.cargo_state} />,
        text: (row) => t(`cargoState.${row.cargo_state}`),
      }}
      sheetName="Sales lines"
      filePrefix="sales-lines"
    />
  );
}
