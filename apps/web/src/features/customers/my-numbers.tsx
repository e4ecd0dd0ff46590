import { useState } from 'react';
import { UploadOutlined } from '@ant-design/icons';
import { Button, Input, Table, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { customersEndpoints } from '@partsportal/contract/customers';
import { useEndpointQuery } from '@shared/api/server-state';
import { MyNumberImport, uploadMyNumbers, type ImportState } from './my-number-import';

/** The company's own part numbers (spec my_number), and their import from a file. */
export function MyNumbers({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const [upload, setUpload] = useState<ImportState | null>(null);
  const query = useEndpointQuery(customersEndpoints.listMyNumbers, {
    company_id: companyId,
    keyword,
    ...page,
  });

  return (
    <>
      <div className="admin-toolbar">
        <Input.Search
          allowClear
          className="customers-search"
          placeholder={t('admin.customers.myNumberSearch')}
          aria-label={t('admin.customers.myNumberSearch')}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage((p) => ({ ...p, page: 1 }));
          }}
        />
        <Upload
          accept=".csv,.xlsx"
          showUploadList={false}
          beforeUpload={(chosen) => {
            setUpload({ fileName: chosen.name });
            uploadMyNumbers(companyId, chosen).then(
              (result) => setUpload({ fileName: chosen.name, result }),
              (error: unknown) =>
                setUpload({
                  fileName: chosen.name,
                  failure: error instanceof Error ? error.message : String(error),
                }),
            );
            // The file goes through our own client (token, language, errors), not antd's XHR.
            return false;
          }}
        >
          <Button type="primary" icon={<UploadOutlined />}>
            {t('admin.customers.importMyNumbers')}
          </Button>
        </Upload>
      </div>
      <p className="customers-hint">{t('admin.customers.importHint')}</p>
      <Table
        rowKey="product_id"
        size="middle"
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('admin.customers.brand'), dataIndex: 'brand' },
          { title: t('admin.customers.number'), dataIndex: 'number' },
          { title: t('admin.customers.myNumber'), dataIndex: 'my_number' },
        ]}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: query.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: (current, pageSize) => setPage({ page: current, pageSize }),
        }}
      />
      {upload && <MyNumberImport state={upload} onClose={() => setUpload(null)} />}
    </>
  );
}
