import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useStaffSession } from '@shared/stores/staff-session';
import { DemandReport } from './demand-report';
import { SalesReport } from './sales-report';
import './reports.css';

type Tab = 'sales' | 'demand';

/**
 * /admin/reports (issue 15 item 6): the sales report (sales role and owner) and the demand report
 * (sales, catalogue and owner) as tabs; `?tab=demand` opens the second. Catalogue staff see only
 * the demand report, as the server allows.
 */
export default function ReportsPage() {
  const { t } = useTranslation();
  const role = useStaffSession((s) => s.info?.role);
  const [params, setParams] = useSearchParams();
  const salesAllowed = role === 'owner' || role === 'sales';
  const tabs: Tab[] = salesAllowed ? ['sales', 'demand'] : ['demand'];
  const asked = params.get('tab') as Tab | null;
  const active: Tab = asked && tabs.includes(asked) ? asked : tabs[0]!;
  return (
    <Card className="admin-card reports-page">
      <Tabs
        activeKey={active}
        destroyOnHidden
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        items={tabs.map((key) => ({
          key,
          label: t(`admin.reports.tab.${key}`),
          children: key === 'sales' ? <SalesReport /> : <DemandReport />,
        }))}
      />
    </Card>
  );
}
