import { useTranslation } from 'react-i18next';
import { recordEndpoints, type PurchaseLineRow } from '@partsportal/contract/records';
import { RecordLineSearch } from '@shared/records/record-line-search';
import { useRecordList } from '@shared/records/use-record-list';
import { purchaseLineQuery } from './purchase-query';

export default function PurchaseLineSearchPage() {
  const { t } = useTranslation();
  const records = useRecordList('/pur/detailSearch', purchaseLineQuery, recordEndpoints.getPurchaseLineList);
  return (
    <RecordLineSearch<PurchaseLineRow>
      records={records}
      title={t('route.purchaseDetailSearch')}
      titleId="purchase-lines-title"
      tableClassName="purchase-line-table"
      billHref={(row) => `/pur/detail?id=${row.purchase_id}`}
      doneQty={{ key: 'received_qty', title: t('purchase.receivedQty'), value: (row) => row.received_qty }}
      state={{
        key: 'state',
        title: t('recordList.state'),
        width: 120,
        cell: (row) => t(`purchaseState.${row.state}`),
        text: (row) => t(`purchaseState.${row.state}`),
      }}
      sheetName="Purchase lines"
      filePrefix="purchase-lines"
    />
  );
}
