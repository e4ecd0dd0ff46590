import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStaffSession } from '@shared/stores/staff-session';
import { OperatorDashboard } from './operator-dashboard';

/**
 * The landing page of the back office (/admin/home): who is signed in, with which role, and the
 * operator dashboard (issue 15 item 6) — today's orders, overdue debts, low stock.
 */
export default function StaffHomePage() {
  const { t } = useTranslation();
  const info = useStaffSession((s) => s.info);
  if (!info) return null;
  return (
    <Card className="admin-card">
      <Typography.Title level={3} className="admin-home-title">
        {t('admin.home.welcome', { name: info.name })}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('admin.home.role', { role: t(`admin.role.${info.role}`) })} · {t(`admin.home.can.${info.role}`)}
      </Typography.Paragraph>
      <OperatorDashboard role={info.role} />
    </Card>
  );
}
