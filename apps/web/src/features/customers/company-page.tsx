import { useState } from 'react';
import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Result, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { customersEndpoints } from '@partsportal/contract/customers';
import { useEndpointQuery } from '@shared/api/server-state';
import { PageSpinner } from '@shared/ui/page-spinner';
import { CompanyFormModal } from './company-form-modal';
import { CompanyUsers } from './company-users';
import { formatLimit } from './customer-format';
import { MyNumbers } from './my-numbers';

/** One company: its terms, its users (with their menus) and its own part numbers. */
export default function CompanyPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const query = useEndpointQuery(customersEndpoints.getCompany, { id });
  const company = query.data;
  const back = (
    <Link to="/admin/customers" className="customers-back">
      <ArrowLeftOutlined /> {t('admin.customers.backToList')}
    </Link>
  );
  if (query.isError)
    return (
      <Card className="admin-card">
        {back}
        <Result status="404" title={t('admin.customers.notFound')} />
      </Card>
    );
  if (!company) return <PageSpinner />;

  return (
    <div className="customers-company">
      <Card className="admin-card admin-gap">
        <div className="customers-company-head">
          {back}
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
            {t('admin.customers.edit')}
          </Button>
        </div>
        <h2 className="customers-company-title">
          {company.name} <span className="customers-company-code">{company.code}</span>{' '}
          {!company.enabled && <Tag>{t('admin.customers.off')}</Tag>}
        </h2>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
          <Descriptions.Item label={t('admin.customers.sortName')}>{company.sort_name}</Descriptions.Item>
          <Descriptions.Item label={t('admin.customers.priceLevel')}>
            {company.price_level_name ?? t('admin.customers.listPrice')}
          </Descriptions.Item>
          <Descriptions.Item label={t('admin.customers.creditLimit')}>
            {formatLimit(company.credit_limit)} {company.currency}
          </Descriptions.Item>
          <Descriptions.Item label={t('admin.customers.paymentDays')}>
            {company.payment_days}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card className="admin-card">
        <Tabs
          items={[
            {
              key: 'users',
              label: `${t('admin.customers.usersTab')} (${company.user_count})`,
              children: <CompanyUsers companyId={company.id} />,
            },
            {
              key: 'numbers',
              label: `${t('admin.customers.myNumbersTab')} (${company.my_number_count})`,
              children: <MyNumbers companyId={company.id} />,
            },
          ]}
        />
      </Card>
      {editing && <CompanyFormModal company={company} onClose={() => setEditing(false)} />}
    </div>
  );
}
