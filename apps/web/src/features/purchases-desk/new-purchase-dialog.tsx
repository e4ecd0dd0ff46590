import { useState } from 'react';
import { DeleteOutlined } from '@ant-design/icons';
import { Button, DatePicker, Input, InputNumber, Modal, Select, Table, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  purchasesDeskEndpoints,
  type PurchaseOptions,
  type PurchasePart,
} from '@partsportal/contract/purchases-desk';
import { mutateEndpoint, useEndpointQuery } from '@shared/api/server-state';
import { useFormatMoney } from '@shared/format/use-format-money';
import { toastSuccess } from '@shared/ui/feedback';

interface DraftLine {
  part: PurchasePart;
  qty: number;
  price: string;
}

const MONEY = /^\d{1,12}(\.\d{1,4})?$/;

/**
 * A new draft purchase: the supplier, when the goods are wanted, a remark, and parts found by
 * number or name with a quantity and our buying price each (the last purchase price by default).
 * Answers the new purchase's id, so the page opens it.
 */
export default function NewPurchaseDialog({
  suppliers,
  onClose,
}: {
  suppliers: PurchaseOptions['suppliers'];
  onClose: (id?: number) => void;
}) {
  const { t } = useTranslation();
  const { money } = useFormatMoney();
  const [supplier, setSupplier] = useState<number | undefined>();
  const [requireDate, setRequireDate] = useState<Dayjs | null>(null);
  const [remark, setRemark] = useState('');
  const [keyword, setKeyword] = useState('');
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [busy, setBusy] = useState(false);
  const parts = useEndpointQuery(
    purchasesDeskEndpoints.findParts,
    { keyword: keyword || '-' },
    { enabled: keyword.length > 0 },
  );
  const found = keyword ? (parts.data ?? []) : [];
  const currency = suppliers.find((s) => s.id === supplier)?.currency ?? '';
  const valid = lines.every((line) => line.qty > 0 && MONEY.test(line.price));
  const ready = supplier !== undefined && lines.length > 0 && valid;

  const update = (cpid: number, change: Partial<DraftLine>) =>
    setLines(lines.map((line) => (line.part.cpid === cpid ? { ...line, ...change } : line)));

  const columns: TableColumnsType<DraftLine> = [
    {
      title: t('admin.purchasesDesk.part'),
      key: 'part',
      render: (_, line) => (
        <>
          <strong>{line.part.number}</strong>{' '}
          <span className="purchases-desk-muted">{line.part.factory}</span>
          <div className="purchases-desk-muted">{line.part.part_name}</div>
        </>
      ),
    },
    {
      title: t('admin.purchasesDesk.qty'),
      key: 'qty',
      width: 88,
      render: (_, line) => (
        <InputNumber
          aria-label={t('admin.purchasesDesk.qtyOf', { number: line.part.number })}
          className="purchases-desk-qty"
          min={1}
          max={999_999}
          precision={0}
          value={line.qty}
          onChange={(qty) => update(line.part.cpid, { qty: qty ?? 0 })}
        />
      ),
    },
    {
      title: t('admin.purchasesDesk.price'),
      key: 'price',
      width: 100,
      render: (_, line) => (
        <Input
          aria-label={t('admin.purchasesDesk.priceOf', { number: line.part.number })}
          className="purchases-desk-price"
          inputMode="decimal"
          placeholder="0.00"
          value={line.price}
          // Empty is simply not filled in yet (Save stays off); marked only when it is not an amount.
          status={line.price === '' || MONEY.test(line.price) ? undefined : 'error'}
          onChange={(event) => update(line.part.cpid, { price: event.target.value.trim() })}
        />
      ),
    },
    {
      title: '',
      key: 'remove',
      width: 40,
      render: (_, line) => (
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('admin.purchasesDesk.removeLine', { number: line.part.number })}
          onClick={() => setLines(lines.filter((other) => other.part.cpid !== line.part.cpid))}
        />
      ),
    },
  ];

  return (
    <Modal
      open
      title={t('admin.purchasesDesk.newTitle')}
      okText={t('admin.purchasesDesk.saveDraft')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !ready }}
      confirmLoading={busy}
      onCancel={() => onClose()}
      onOk={() => {
        if (!ready) return;
        setBusy(true);
        mutateEndpoint(
          purchasesDeskEndpoints.create,
          {
            supplier_id: supplier,
            ...(requireDate ? { require_date: requireDate.endOf('day').unix() } : {}),
            ...(remark.trim() ? { remark: remark.trim() } : {}),
            lines: lines.map((line) => ({ cpid: line.part.cpid, qty: line.qty, price: line.price })),
          },
          { invalidates: [purchasesDeskEndpoints.list] },
        )
          .then((result) => {
            toastSuccess(t('admin.purchasesDesk.created', { no: result.no }));
            onClose(result.id);
          })
          // The API client has shown the refusal; the dialog stays open for a correction.
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
      destroyOnHidden
      width={760}
    >
      <div className="purchases-desk-form">
        <Select<number>
          showSearch={{ optionFilterProp: 'label' }}
          className="purchases-desk-form-supplier"
          aria-label={t('admin.purchasesDesk.supplier')}
          placeholder={t('admin.purchasesDesk.supplier')}
          value={supplier}
          onChange={setSupplier}
          options={suppliers.map((s) => ({ value: s.id, label: s.name }))}
        />
        <DatePicker
          aria-label={t('admin.purchasesDesk.requireDate')}
          placeholder={t('admin.purchasesDesk.requireDate')}
          value={requireDate}
          onChange={setRequireDate}
        />
        <Input
          aria-label={t('admin.purchasesDesk.remark')}
          placeholder={t('admin.purchasesDesk.remark')}
          maxLength={500}
          value={remark}
          onChange={(event) => setRemark(event.target.value)}
        />
      </div>
      <Input.Search
        allowClear
        className="purchases-desk-find"
        aria-label={t('admin.purchasesDesk.findPart')}
        placeholder={t('admin.purchasesDesk.findPart')}
        onSearch={(value) => setKeyword(value.trim())}
        loading={parts.isFetching}
      />
      <ul className="purchases-desk-parts">
        {found.map((part) => {
          const added = lines.some((line) => line.part.cpid === part.cpid);
          return (
            <li key={part.cpid}>
              <Button
                type="link"
                size="small"
                className="purchases-desk-add"
                disabled={added}
                onClick={() => setLines([...lines, { part, qty: 1, price: part.last_price ?? '' }])}
              >
                {part.number} {part.factory}
              </Button>{' '}
              {part.part_name} ·{' '}
              <span className="purchases-desk-muted">
                {t('admin.purchasesDesk.onHand', { n: part.stock })}
                {part.last_price !== null &&
                  ` · ${t('admin.purchasesDesk.lastPrice')} ${money(part.last_price, currency)}`}
              </span>
            </li>
          );
        })}
        {keyword && !parts.isFetching && found.length === 0 && <li>{t('admin.purchasesDesk.noParts')}</li>}
      </ul>
      <Table<DraftLine>
        rowKey={(line) => line.part.cpid}
        size="small"
        className="purchases-desk-draft-lines"
        columns={columns}
        dataSource={lines}
        pagination={false}
        locale={{ emptyText: t('admin.purchasesDesk.noLines') }}
      />
    </Modal>
  );
}
